/** Inter-cluster links (admins): the network a gang split across two clusters travels over. */
import { z } from "zod";
import { adminProcedure, router } from "../trpc";
import { clusterLinkFormSchema } from "../../schemas/cluster-link-form";
import { safeString } from "../../schemas/safe-input";
import { createLink, editLink, listLinks, removeLink } from "../../services/cluster-link-service";

const linkOut = z.object({
  id: z.string(),
  clusterAId: z.string(),
  clusterBId: z.string(),
  distanceKm: z.number(),
  bandwidthGbps: z.number(),
  latencyMs: z.number(),
});

/** Admin procedures for cluster links (the role is checked by `adminProcedure` on every call). */
export const clusterLinksRouter = router({
  /** Every link with both clusters' names. */
  list: adminProcedure
    .output(z.array(linkOut.extend({ clusterAName: z.string(), clusterBName: z.string(), updatedAt: z.date() })))
    .query(({ ctx }) => listLinks(ctx.db)),
  create: adminProcedure
    .input(clusterLinkFormSchema)
    .output(linkOut)
    .mutation(({ ctx, input }) => createLink(ctx.db, ctx.user, input, ctx.now())),
  update: adminProcedure
    .input(clusterLinkFormSchema)
    .output(linkOut)
    .mutation(({ ctx, input }) => editLink(ctx.db, ctx.user, input, ctx.now())),
  delete: adminProcedure
    .input(z.object({ id: safeString("Link", 40).min(1) }))
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => removeLink(ctx.db, ctx.user, input.id, ctx.now())),
});
