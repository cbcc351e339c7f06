/**
 * Imports one Electricity Maps hourly CSV into one zone as MEASURED samples, all or nothing: the file
 * is validated first (any bad line means nothing is written, unless the caller explicitly accepts a
 * partial import), then every sample is upserted on (zone, hour) in one transaction with its audit
 * entry. A file of another zone, or a zone configured for another signal, is refused with an error.
 */
import type { Db } from "../db/client";
import { formatIssue, parseElectricityMapsCsv, type CsvIssue, type ElectricityMapsColumn } from "../data/electricitymaps-csv";
import { inTransaction, recordCarbonAudit, upsertMeasuredSamples, type NewIntensitySample } from "../repositories/carbon-repository";
import { CarbonFeedError } from "./errors";
import { requireMatchingZone } from "./zone-guard";

/** Provider name stored on imported samples. */
export const ELECTRICITY_MAPS_PROVIDER = "Electricity Maps";

/** Input of {@link importElectricityMapsCsv}. */
export interface CsvImportInput {
  zoneId: string;
  /** The file's text (gunzip .csv.gz with node:zlib first). */
  text: string;
  /** File name for the report. */
  file: string;
  column: ElectricityMapsColumn;
  /** The file's Zone Id when it is spelled differently from the zone (e.g. "DE-LU" for "DE"); default zoneId. */
  fileZoneId?: string;
  /** Write the valid lines even when some lines are bad (default false: all or nothing). */
  allowPartial?: boolean;
  actorId?: string | null;
}

/** What an import did, with the validation report. */
export interface CsvImportResult {
  /** False when validation problems stopped the import; nothing was written then. */
  written: boolean;
  inserted: number;
  updated: number;
  dataLines: number;
  validSamples: number;
  issues: CsvIssue[];
  /** The issues as "file:line column: message" lines. */
  report: string[];
}

/** Validates and imports one file; throws CarbonFeedError for a wrong zone or signal type. */
export async function importElectricityMapsCsv(db: Db, input: CsvImportInput): Promise<CsvImportResult> {
  const emissionFactorType = input.column === "lca" ? "LIFECYCLE" : "DIRECT";
  await requireMatchingZone(db, input.zoneId, { provider: ELECTRICITY_MAPS_PROVIDER, signalType: "AVERAGE", emissionFactorType });
  const parsed = parseElectricityMapsCsv(input.text, { file: input.file, column: input.column });
  const expected = input.fileZoneId ?? input.zoneId;
  const foreign = parsed.zones.find((z) => z.zoneId !== expected);
  if (foreign) {
    throw new CarbonFeedError(
      "ZONE_MISMATCH",
      `${input.file}:${foreign.firstLine} column "Zone Id": "${foreign.zoneId}" is not the target zone ${expected}; a file is imported into its own zone only`,
      {
        file: input.file,
        line: foreign.firstLine,
        zoneId: foreign.zoneId,
      },
    );
  }
  const result: CsvImportResult = {
    written: false,
    inserted: 0,
    updated: 0,
    dataLines: parsed.dataLines,
    validSamples: parsed.samples.length,
    issues: parsed.issues,
    report: parsed.issues.map((i) => formatIssue(input.file, i)),
  };
  if ((parsed.issues.length > 0 && !input.allowPartial) || parsed.samples.length === 0) return result;

  const rows: NewIntensitySample[] = parsed.samples.map((s) => ({
    zoneId: input.zoneId,
    at: s.at,
    gCo2ePerKwh: s.gCo2ePerKwh,
    kind: "MEASURED",
    signalType: "AVERAGE",
    emissionFactorType,
    provider: ELECTRICITY_MAPS_PROVIDER,
    source: s.source || ELECTRICITY_MAPS_PROVIDER,
    estimated: s.estimated,
    forecastIssuedAt: null,
  }));
  const counts = await inTransaction(db, async (tx) => {
    const c = await upsertMeasuredSamples(tx, rows);
    await recordCarbonAudit(tx, {
      actorId: input.actorId ?? null,
      action: "carbon.import-csv",
      zoneId: input.zoneId,
      after: { file: input.file, column: input.column, inserted: c.inserted, updated: c.updated, skippedLines: parsed.issues.length },
    });
    return c;
  });
  return { ...result, written: true, ...counts };
}
