/** Users and roles (admins). Passwords are bcrypt hashes and never leave the server. */
import { z } from "zod";
import { adminProcedure, router } from "../trpc";
import { passwordResetSchema, roles, userCreateSchema, userUpdateSchema } from "../../schemas/user-form";
import { createUser, deleteUser, listUsersForAdmin, resetPassword, setUserDisabled, updateUser } from "../../services/user-admin-service";
import { safeId } from "../../schemas/safe-input";

const id = z.object({ id: safeId("User") });
const userView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  tenantId: z.string().nullable(),
  disabled: z.boolean(),
  jobs: z.number().int(),
});

export const usersRouter = router({
  list: adminProcedure
    .output(
      z.array(
        z.object({
          id: z.string(),
          email: z.string(),
          name: z.string(),
          role: z.enum(roles),
          tenantId: z.string().nullable(),
          tenantName: z.string().nullable(),
          disabledAt: z.date().nullable(),
          createdAt: z.date(),
          jobs: z.number().int(),
        }),
      ),
    )
    .query(({ ctx }) => listUsersForAdmin(ctx.db)),
  create: adminProcedure
    .input(userCreateSchema)
    .output(z.object({ id: z.string(), email: z.string() }))
    .mutation(({ ctx, input }) => createUser(ctx.db, ctx.user, input, ctx.now())),
  update: adminProcedure
    .input(userUpdateSchema)
    .output(userView)
    .mutation(({ ctx, input }) => updateUser(ctx.db, ctx.user, input, ctx.now())),
  resetPassword: adminProcedure
    .input(passwordResetSchema)
    .output(userView)
    .mutation(({ ctx, input }) => resetPassword(ctx.db, ctx.user, input.id, input.password, ctx.now())),
  setDisabled: adminProcedure
    .input(id.extend({ disabled: z.boolean() }))
    .output(userView)
    .mutation(({ ctx, input }) => setUserDisabled(ctx.db, ctx.user, input.id, input.disabled, ctx.now())),
  delete: adminProcedure
    .input(id)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => deleteUser(ctx.db, ctx.user, input.id, ctx.now())),
});
