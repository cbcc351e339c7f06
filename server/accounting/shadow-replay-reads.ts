/**
 * What a shadow replay of the fleet's own history reads from the database, shared by the ledger audit
 * and auto-tune so both replay the same history the same way: the jobs with a ledger entry submitted in
 * a window, the jobs that only held capacity in it, the measured intensity around it (the newest
 * forecast for hours without a measurement, as the ledger prices them) and the forecast error the
 * live coordinator allowed for at its end, on the fleet's inventory, with the active policy and the
 * recent job shapes the live coordinator learns its target workload from.
 */
import type { Db } from "../db/client";
import { findRecentJobShapes } from "../repositories/fleet-repository";
import {
  readActivePolicyRow,
  readAuditFleet,
  readAuditJobs,
  readAuditOccupants,
  readForecastIntensity,
  readMeasuredIntensity,
} from "../repositories/ledger-audit-repository";
import { zoneForecastErrors } from "../services/zone-forecast-error";
import type { ShadowReplayInput } from "./shadow-replay";

const DAY_MS = 86_400_000;
/** Intensity read beyond a window for runs and deferrals that end after it. */
const TAIL_MS = 14 * DAY_MS;

/** What every window of one replay shares; `policy` is null when no policy is active. */
export interface ShadowShared {
  fleet: ShadowReplayInput["fleet"];
  policy: ShadowReplayInput["activePolicy"] | null;
  workloadShapes: ShadowReplayInput["workloadShapes"];
}

/** The fleet, the active policy and the recent job shapes (createFleetCoordinator's). */
export async function readShadowShared(db: Db): Promise<ShadowShared> {
  const [fleet, policy, workloadShapes] = await Promise.all([readAuditFleet(db), readActivePolicyRow(db), findRecentJobShapes(db, 5000)]);
  return { fleet, policy, workloadShapes };
}

/** One window's replay input under the given active policy. */
export async function readShadowWindow(
  db: Db,
  shared: ShadowShared & { policy: ShadowReplayInput["activePolicy"] },
  fromMs: number,
  toMs: number,
): Promise<ShadowReplayInput & Required<Pick<ShadowReplayInput, "occupants">>> {
  const { fleet, policy, workloadShapes } = shared;
  const from = new Date(fromMs);
  const to = new Date(toMs);
  const intensityFrom = new Date(fromMs - DAY_MS);
  const intensityTo = new Date(toMs + TAIL_MS);
  const [jobs, measured, forecast, errors] = await Promise.all([
    readAuditJobs(db, from, to),
    readMeasuredIntensity(db, intensityFrom, intensityTo),
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
  };
}
