/** The operator Carbon page (operators and admins): intensity per zone, emissions, savings ledger. */
import { z } from "zod";
import { operatorProcedure, router } from "../trpc";
import { getEmissionsReport, getIntensityReport, getSavingsLedger, periodOf } from "../../services/carbon-report-service";
import { safeString } from "../../schemas/safe-input";

/** An IANA time-zone name the runtime knows (PostgreSQL knows the same database). */
const timeZone = safeString("Time zone", 64)
  .min(1)
  .regex(/^[A-Za-z0-9_+\-/]+$/, "Not a time-zone name")
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "Unknown time zone");

const period = z.object({ days: z.number().int().min(1).max(366).default(30), tz: timeZone.default("UTC") });

export const carbonRouter = router({
  intensity: operatorProcedure
    .input(z.object({ historyDays: z.number().int().min(1).max(90).default(7), forecastHours: z.number().int().min(0).max(168).default(48) }))
    .query(({ ctx, input }) => getIntensityReport(ctx.db, ctx.now(), input.historyDays, input.forecastHours)),
  emissions: operatorProcedure.input(period).query(({ ctx, input }) => getEmissionsReport(ctx.db, periodOf(ctx.now(), input.days, input.tz))),
  ledger: operatorProcedure
    .input(period.extend({ page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(200).default(25) }))
    .query(({ ctx, input }) => getSavingsLedger(ctx.db, periodOf(ctx.now(), input.days, input.tz), input.page, input.pageSize)),
});
