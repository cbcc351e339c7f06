/**
 * The job form's live preview: a dry run of the coordinator on the current fleet for a job that is
 * not saved. Same engine, same policy, same data as the scheduler, so the preview is what the
 * scheduler would decide now (the fleet may change before the job is actually placed).
 */
import { formatExplanation, mixSeed } from "../engine";
import { readerText } from "../format/zoned-time";
import type { Db } from "../db/client";
import type { SessionUser } from "../auth/session-user";
import type { JobSubmit } from "../schemas/job-submit";
import { createFleetCoordinator } from "./scheduling-cycle";
import { loadFleetSnapshot, toFleetJob } from "./fleet-snapshot";
import { normalizeJobRequest } from "./job-request";

export interface JobPreview {
  outcome: "placed" | "deferred" | "unschedulable";
  clusterName: string | null;
  zone: string | null;
  startAt: Date | null;
  energyKwh: number | null;
  gCo2e: number | null;
  startNowGCo2e: number | null;
  savingPct: number | null;
  gpuModel: string | null;
  text: string[];
  clusters: { name: string; zone: string; passed: boolean; gCo2e: number | null; total: number | null }[];
  /** Each passing cluster's emissions of the whole run per candidate start over the window (one line per cluster). */
  curves: { name: string; chosen: boolean; points: { startMs: number; gCo2e: number }[] }[];
}

/** What one preview decides on: the fleet now and the coordinator with the active policy. */
export type PreviewFleet = {
  snapshot: Awaited<ReturnType<typeof loadFleetSnapshot>>["snapshot"];
  coordinator: Awaited<ReturnType<typeof createFleetCoordinator>>["coordinator"];
};

/** Loads the fleet once, so several previews (the what-ifs) decide on the same snapshot. */
export async function loadPreviewFleet(db: Db, now: Date): Promise<PreviewFleet> {
  const [{ snapshot }, { coordinator }] = await Promise.all([loadFleetSnapshot(db, now.getTime()), createFleetCoordinator(db)]);
  return { snapshot, coordinator };
}

/** What would happen to this job if it were submitted now. */
export async function previewJob(db: Db, user: SessionUser & { tenantId: string }, job: JobSubmit, now: Date): Promise<JobPreview> {
  return previewOn(await loadPreviewFleet(db, now), user, job, now);
}

/** The preview of one request on a loaded fleet (same seed for the same instant, so a repeat decides the same). */
export function previewOn(
  { snapshot, coordinator }: PreviewFleet,
  user: { tenantId: string; timeZone?: string | null },
  job: JobSubmit,
  now: Date,
): JobPreview {
  const fleetJob = toFleetJob({ id: "preview", tenantId: user.tenantId, ...normalizeJobRequest(job) });
  const decision = coordinator.decide(snapshot, fleetJob, { seed: mixSeed(7, now.getTime() % 2 ** 31) });
  const e = decision.explanation;
  const chosen = e.chosen[0];
  const cluster = chosen ? e.clusters.find((c) => c.clusterId === chosen.clusterId) : undefined;
  return {
    outcome: decision.outcome,
    clusterName: cluster?.name ?? null,
    zone: cluster?.zone ?? null,
    startAt: decision.startMs !== null ? new Date(decision.startMs) : null,
    energyKwh: decision.energyKwh,
    gCo2e: decision.gCo2e,
    startNowGCo2e: chosen?.carbon.earliestGCo2e ?? null,
    savingPct: chosen?.carbon.savingPct ?? null,
    gpuModel: cluster?.variant?.gpuModel ?? null,
    text: formatExplanation(e).split("\n").map(readerText(user, now.getTime())),
    clusters: e.clusters.map((c) => ({ name: c.name, zone: c.zone, passed: c.passed, gCo2e: c.carbon?.chosenGCo2e ?? null, total: c.total })),
    curves: e.clusters.flatMap((c) =>
      c.passed && c.carbon && c.carbon.curve.length > 0
        ? [{ name: c.name, chosen: c.clusterId === chosen?.clusterId, points: c.carbon.curve.map((p) => ({ startMs: p.startMs, gCo2e: p.gCo2e })) }]
        : [],
    ),
  };
}
