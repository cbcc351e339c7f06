/** Admin forms for grid zones and carbon feeds: the static default, CSV uploads and HTTP feed settings. */
import { z } from "zod";

const zoneId = z.string().trim().min(1, "Choose a grid zone").max(64, "At most 64 characters");

export const zoneDefaultSchema = z.object({
  zoneId,
  annualAverageGCo2ePerKwh: z.number({ error: "Enter a number in gCO2e/kWh" }).min(0, "0 or more gCO2e/kWh").max(2000, "At most 2,000 gCO2e/kWh"),
});

/** Largest upload accepted (a year of hourly Electricity Maps data is about 1.3 MB of text). */
export const MAX_CSV_CHARS = 8_000_000;

export const csvUploadSchema = z.object({
  zoneId,
  fileName: z.string().trim().min(1, "Name the file").max(200, "At most 200 characters"),
  /** Plain text, or a gzip file as base64. */
  encoding: z.enum(["text", "gzip-base64"]),
  content: z.string().min(1, "The file is empty").max(MAX_CSV_CHARS, `The file is larger than ${MAX_CSV_CHARS / 1_000_000} MB`),
  /** The file's "Zone Id" when the provider spells the zone differently (e.g. "DE-LU" for "DE"). */
  fileZoneId: z.string().trim().max(64, "At most 64 characters").default(""),
});

export const feedFormSchema = z.object({
  /** null creates a feed. */
  id: z.string().min(1).max(64).nullable(),
  zoneId,
  provider: z.enum(["ELECTRICITY_MAPS", "WATTTIME"], { error: "Choose Electricity Maps or WattTime" }),
  baseUrl: z.url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" }).max(500, "At most 500 characters"),
  /** A new token; empty keeps the stored one. */
  apiToken: z.string().trim().max(2000, "At most 2,000 characters").default(""),
  /** Remove the stored token. */
  clearToken: z.boolean().default(false),
  externalZone: z.string().trim().max(100, "At most 100 characters").default(""),
  pollIntervalS: z.number({ error: "Enter seconds" }).int("Whole seconds").min(60, "At least 60 seconds").max(86_400, "At most 86,400 seconds (a day)"),
  enabled: z.boolean(),
});

export type FeedForm = z.output<typeof feedFormSchema>;
export type FeedFormInput = z.input<typeof feedFormSchema>;
export type CsvUpload = z.output<typeof csvUploadSchema>;
