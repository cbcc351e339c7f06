/**
 * Reads what an auto-tune replays from the database: for each window, the jobs with a ledger entry
 * submitted in it, the jobs that only held capacity in it, the measured intensity around it (the newest
 * forecast for hours without a measurement) and the
 * forecast error the live coordinator allowed for at its end, on the fleet's inventory; and the
 * active policy the search starts from, and the recent job shapes the live coordinator learns from.
 * The same reads as the ledger audit's shadow replay.
 */
import type { Db } from "../db/client";
import { parseCoordinatorPolicy, type CoordinatorPolicy } from "../engine";
import type { ShadowReplayInput } from "../accounting/shadow-replay";
import {
  readActivePolicyRow,
  readAuditFleet,
  readAuditJobs,
  readAuditOccupants,
  readForecastIntensity,
  readMeasuredIntensity,
} from "../repositories/ledger-audit-repository";
import { findRecentJobShapes } from "../repositories/fleet-repository";
import { zoneForecastErrors } from "../services/zone-forecast-error";
import type { AutoTuneHistory } from "./auto-tune";

const DAY_MS = 86_400_000;
/** Intensity read beyond a window for runs and deferrals that end after it (as the ledger audit). */
const TAIL_MS = 14 * DAY_MS;

type Shared = {
  fleet: Awaited<ReturnType<typeof readAuditFleet>>;
  policy: ShadowReplayInput["activePolicy"];
  workloadShapes: ShadowReplayInput["workloadShapes"];
};

async function windowInput(db: Db, { fleet, policy, workloadShapes }: Shared, fromMs: number, toMs: number) {
  const from = new Date(fromMs);
  const to = new Date(toMs);
  const intensityFrom = new Date(fromMs - DAY_MS);
  const intensityTo = new Date(toMs + TAIL_MS);
  const [jobs, measured, forecast, errors] = await Promise.all([
    readAuditJobs(db, from, to),
    readMeasuredIntensity(db, intensityFrom, intensityTo),
    // Hours without a measurement are priced at the newest forecast, as the ledger and its audit price them.
    readForecastIntensity(db, intensityFrom, intensityTo),
    zoneForecastErrors(
      db,
      fleet.zones.map((z) => z.id),
      toMs,
    ),
  ]);
  const occupants = await readAuditOccupants(db, from, to, new Set(jobs.map((j) => j.id)));
  return {
    fromMs,
    toMs,
    jobs,
    occupants,
    fleet,
    measured,
    forecast,
    activePolicy: policy,
    workloadShapes,
    forecastErrorByZone: Object.fromEntries(fleet.zones.map((z) => [z.id, errors.get(z.id) ?? []])),
  } satisfies ShadowReplayInput;
}

/** The active policy and both windows' history; null when no policy is active. */
export async function loadTuneHistory(
  db: Db,
  windows: { trainingFromMs: number; trainingToMs: number; validationFromMs: number; validationToMs: number },
): Promise<{ active: CoordinatorPolicy; history: AutoTuneHistory } | null> {
  // The shapes the live coordinator learns its target workload from, as the ledger audit reads them.
  const [fleet, row, workloadShapes] = await Promise.all([readAuditFleet(db), readActivePolicyRow(db), findRecentJobShapes(db, 5000)]);
  if (!row) return null;
  const shared = { fleet, policy: row, workloadShapes };
  const training = await windowInput(db, shared, windows.trainingFromMs, windows.trainingToMs);
  const validation = await windowInput(db, shared, windows.validationFromMs, windows.validationToMs);
  return { active: parseCoordinatorPolicy(row), history: { training, validation } };
}
