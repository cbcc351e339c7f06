/** Grid zones and carbon feeds: operators read the settings, only admins change them. */
import { z } from "zod";
import { adminProcedure, operatorProcedure, router } from "../trpc";
import { csvUploadSchema, feedFormSchema, zoneDefaultSchema, zoneSignalSchema } from "../../schemas/carbon-admin";
import { getCarbonSettings, importZoneCsv, removeCarbonFeed, saveCarbonFeed, setZoneDefault, setZoneSignal } from "../../services/carbon-admin-service";
import { safeId } from "../../schemas/safe-input";

export const carbonAdminRouter = router({
  settings: operatorProcedure.query(({ ctx }) => getCarbonSettings(ctx.db, ctx.now())),
  setZoneDefault: adminProcedure.input(zoneDefaultSchema).mutation(({ ctx, input }) => setZoneDefault(ctx.db, ctx.user, input, ctx.now())),
  setZoneSignal: adminProcedure.input(zoneSignalSchema).mutation(({ ctx, input }) => setZoneSignal(ctx.db, ctx.user, input, ctx.now())),
  importCsv: adminProcedure.input(csvUploadSchema).mutation(({ ctx, input }) => importZoneCsv(ctx.db, ctx.user, input)),
  saveFeed: adminProcedure.input(feedFormSchema).mutation(({ ctx, input }) => saveCarbonFeed(ctx.db, ctx.user, input, ctx.now())),
  deleteFeed: adminProcedure.input(z.object({ id: safeId("Feed") })).mutation(({ ctx, input }) => removeCarbonFeed(ctx.db, ctx.user, input.id, ctx.now())),
});
