// Number formatting for experiment results: every figure with its unit, "—" where undefined.
import { formatDuration } from "@/components/ui/format";

type N = number | null | undefined;
const ok = (v: N): v is number => typeof v === "number" && Number.isFinite(v);

/** 0.8123 -> "81.2 %". */
export const pct = (share: N, digits = 1) => (ok(share) ? `${(share * 100).toFixed(digits)} %` : "—");
/** Already in percent: 12.34 -> "12.3 %". */
export const pctOf = (value: N, digits = 1) => (ok(value) ? `${value.toFixed(digits)} %` : "—");
/** Signed points: +1.2 pt / −0.4 pt. */
export const points = (value: N) => (ok(value) ? `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(value).toFixed(2)} pt` : "—");
/** Seconds as a duration; sub-second waits say "0 s". */
export const seconds = (value: N) => (ok(value) ? (value < 60 ? `${value.toFixed(0)} s` : formatDuration(Math.round(value))) : "—");
/** Signed duration: "+2 h 5 min" / "−30 s". */
export const signedSeconds = (value: N) => (ok(value) ? `${value > 0 ? "+" : value < 0 ? "−" : "±"}${seconds(Math.abs(value))}` : "—");
/** Energy with thousands separators. */
export const kwh = (value: N) => (ok(value) ? `${value.toLocaleString("en-US", { maximumFractionDigits: value >= 100 ? 0 : 1 })} kWh` : "—");
/** Emissions in kg (t above 10,000 kg). */
export const kgCo2e = (value: N) =>
  !ok(value)
    ? "—"
    : Math.abs(value) >= 10_000
      ? `${(value / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} t CO2e`
      : `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })} kg CO2e`;
/** Plain count. */
export const count = (value: N) => (ok(value) ? Math.round(value).toLocaleString("en-US") : "—");
/** Milliseconds of wall time. */
export const wall = (ms: N) => (ok(ms) ? (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`) : "—");

/**
 * A policy's CO2e against the baseline in words and tone: a saving is "12.3 % less CO2e" in green,
 * a policy that emits more is "5.0 % more CO2e" in red (never a green minus sign), no change is neutral.
 */
export function savingView(savedPct: N): { amount: string; words: string; tone: "better" | "worse" | "neutral" } {
  if (!ok(savedPct) || Math.abs(savedPct) < 0.05) return { amount: ok(savedPct) ? "0.0 %" : "—", words: "change in CO2e", tone: "neutral" };
  return savedPct > 0
    ? { amount: `${savedPct.toFixed(1)} %`, words: "less CO2e", tone: "better" }
    : { amount: `${Math.abs(savedPct).toFixed(1)} %`, words: "more CO2e", tone: "worse" };
}
