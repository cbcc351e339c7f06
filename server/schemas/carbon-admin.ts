/** Admin forms for grid zones and carbon feeds: the static default, CSV uploads and HTTP feed settings. */
import { z } from "zod";
import { safeId, safeString } from "./safe-input";

const zoneId = safeString("Grid zone", 64, "At most 64 characters").trim().min(1, "Choose a grid zone");

export const zoneDefaultSchema = z.object({
  zoneId,
  annualAverageGCo2ePerKwh: z.number({ error: "Enter a number in gCO2e/kWh" }).min(0, "0 or more gCO2e/kWh").max(2000, "At most 2,000 gCO2e/kWh"),
});

/** An admin's choice of a zone's carbon signal: average (flow-traced) or marginal (MOER). */
export const zoneSignalSchema = z.object({
  zoneId,
  signalType: z.enum(["AVERAGE", "MARGINAL"], { error: "Choose average or marginal" }),
});

/** Largest upload accepted (a year of hourly Electricity Maps data is about 1.3 MB of text). */
export const MAX_CSV_CHARS = 8_000_000;

export const csvUploadSchema = z.object({
  zoneId,
  fileName: safeString("File name", 200, "At most 200 characters").trim().min(1, "Name the file"),
  /** Plain text, or a gzip file as base64. */
  encoding: z.enum(["text", "gzip-base64"]),
  content: safeString("The file", MAX_CSV_CHARS, `The file is larger than ${MAX_CSV_CHARS / 1_000_000} MB`).min(1, "The file is empty"),
  /** The file's "Zone Id" when the provider spells the zone differently (e.g. "DE-LU" for "DE"). */
  fileZoneId: safeString("File zone id", 64, "At most 64 characters").trim().default(""),
});

export const feedFormSchema = z.object({
  /** null creates a feed. */
  id: safeId("Feed").nullable(),
  zoneId,
  provider: z.enum(["ELECTRICITY_MAPS", "WATTTIME"], { error: "Choose Electricity Maps or WattTime" }),
  baseUrl: safeString("Base URL", 500)
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" })),
  /** A new token; empty keeps the stored one. */
  apiToken: safeString("API token", 2000, "At most 2,000 characters").trim().default(""),
  /** Remove the stored token. */
  clearToken: z.boolean().default(false),
  externalZone: safeString("External zone", 100, "At most 100 characters").trim().default(""),
  pollIntervalS: z.number({ error: "Enter seconds" }).int("Whole seconds").min(60, "At least 60 seconds").max(86_400, "At most 86,400 seconds (a day)"),
  enabled: z.boolean(),
});

export type FeedForm = z.output<typeof feedFormSchema>;
export type FeedFormInput = z.input<typeof feedFormSchema>;
export type CsvUpload = z.output<typeof csvUploadSchema>;
