/**
 * Kubernetes resource quantities ("500m", "4", "263773860Ki", "1.5Gi") to Verdant units. Only the
 * suffixes nodes actually report are accepted; anything else is an error naming the field, rather
 * than a silently wrong capacity.
 */
import { DriverError } from "./types";

const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50 };
const DECIMAL: Record<string, number> = { "": 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, m: 1e-3, u: 1e-6, n: 1e-9 };

function parseQuantity(raw: string, field: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(?:[eE]([+-]?[0-9]+))?(Ki|Mi|Gi|Ti|Pi|k|M|G|T|P|m|u|n)?$/.exec(raw.trim());
  if (!match) throw new DriverError("API", `${field}: "${raw}" is not a Kubernetes quantity`, { field, value: raw });
  const [, digits, exponent, suffix = ""] = match;
  const base = Number(digits) * (exponent ? 10 ** Number(exponent) : 1);
  return base * (BINARY[suffix] ?? DECIMAL[suffix] ?? 1);
}

/** CPU quantity ("4", "3500m", "0.5") in milli-CPU, rounded down. */
export function parseCpuMilli(raw: string, field = "cpu"): number {
  return Math.floor(parseQuantity(raw, field) * 1000 + 1e-9);
}

/** Memory quantity ("16Gi", "263773860Ki", "17179869184", "64G") in MiB, rounded down. */
export function parseMemoryMib(raw: string, field = "memory"): number {
  return Math.floor(parseQuantity(raw, field) / 2 ** 20 + 1e-9);
}

/** A whole-number count quantity ("8") such as nvidia.com/gpu. */
export function parseCount(raw: string, field: string): number {
  const value = parseQuantity(raw, field);
  if (!Number.isInteger(value) || value < 0) throw new DriverError("API", `${field}: "${raw}" is not a whole count`, { field, value: raw });
  return value;
}
