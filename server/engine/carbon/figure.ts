/**
 * Impact-Framework-style figures: every number carries its unit, the formula it came from and the
 * inputs (each with its own unit), so a UI can print "412 gCO2e = 1.2 kWh x 1.3 PUE x 264 gCO2e/kWh".
 */
import { z } from "zod";

/** One named input of a figure. */
export const figureInputSchema = z.object({ value: z.number(), unit: z.string() });

/** A computed figure with value, unit, formula and inputs. */
export const figureSchema = z.object({
  value: z.number(),
  unit: z.string(),
  /** Symbolic formula, e.g. "gpus x (idleW + (maxW - idleW) x utilization) x durationS / 3.6e6". */
  formula: z.string(),
  inputs: z.record(z.string(), figureInputSchema),
  /** The formula with numbers filled in, for people. */
  text: z.string(),
});

/** A figure (type derived from the schema so they cannot drift). */
export type Figure = z.infer<typeof figureSchema>;

/** Rounds for display only (3 significant decimals, no locale), never for arithmetic. */
export function formatNumber(value: number): string {
  if (value === 0) return "0";
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return String(Number(value.toFixed(digits)));
}
