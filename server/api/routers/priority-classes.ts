/** Priority classes: everyone signed in lists them (to submit jobs into one); admins create and edit them. */
import { z } from "zod";
import { adminProcedure, authedProcedure, router } from "../trpc";
import { priorityClassFormSchema } from "../../schemas/priority-class-form";
import { listPriorityClasses, priorityClassChoices, upsertPriorityClass } from "../../services/priority-class-service";

const classOut = z.object({
  id: z.string(),
  name: z.string(),
  priority: z.number().int(),
  canPreempt: z.boolean(),
  preemptible: z.boolean(),
  isDefault: z.boolean(),
  description: z.string(),
});

export const priorityClassesRouter = router({
  /** The classes a job may be submitted into, highest priority first. */
  choices: authedProcedure.output(z.array(classOut)).query(({ ctx }) => priorityClassChoices(ctx.db)),
  /** Every class with its queued, placed and running jobs (admins). */
  list: adminProcedure.output(z.array(classOut.extend({ activeJobs: z.number().int() }))).query(({ ctx }) => listPriorityClasses(ctx.db)),
  /** Creates a class (no id) or edits one; audited. */
  save: adminProcedure
    .input(priorityClassFormSchema)
    .output(classOut)
    .mutation(({ ctx, input }) => upsertPriorityClass(ctx.db, ctx.user, input, ctx.now())),
});
