/**
 * The one way a CO2e mass is written, in the engine's explanation text and in the UI alike, so one
 * page never says "2320 gCO2e" beside "2.32 kg CO2e". No locale: the text is the same on every runtime.
 */

const thousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** `value` rounded to `decimals` decimals with thousands separators and no trailing zeros ("1,234.5", "5"). */
function fixed(value: number, decimals: number): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split(".");
  const kept = (fraction ?? "").replace(/0+$/, "");
  return `${value < 0 && Number(`${whole}.${kept || 0}`) !== 0 ? "-" : ""}${thousands(whole!)}${kept ? `.${kept}` : ""}`;
}

/**
 * Grams of CO2e in the unit that fits their size: "0.65 g CO2e", "412 g CO2e", "2.32 kg CO2e",
 * "12.3 kg CO2e", "1.25 t CO2e"; a negative mass keeps its sign; "—" when not a finite number.
 */
export function formatCo2eMass(grams: number | null | undefined): string {
  if (grams === null || grams === undefined || !Number.isFinite(grams)) return "—";
  const abs = Math.abs(grams);
  if (abs < 1000) return `${fixed(grams, abs < 10 ? 2 : 0)} g CO2e`;
  if (abs < 1_000_000) return `${fixed(grams / 1000, abs >= 10_000 ? 1 : 2)} kg CO2e`;
  return `${fixed(grams / 1_000_000, abs >= 10_000_000 ? 1 : 2)} t CO2e`;
}
