/**
 * What-ifs beside the submit form's preview: the engine proposes a few changes to the request
 * (what-ifs.ts), each changed request is previewed exactly as the form's own preview is (same fleet
 * snapshot, same policy, same seed), and the engine keeps the two or three that help most. Each comes
 * with the fields to put in the form, so applying it and previewing again gives the stated outcome
 * (as long as the fleet has not changed in between).
 */
import { readerText } from "../format/zoned-time";
import { proposeWhatIfs, rankWhatIfs, type WhatIfOutcome, type WhatIfPatch, type WhatIfSuggestion } from "../engine";
import type { Db } from "../db/client";
import type { JobSubmit } from "../schemas/job-submit";
import { toFleetJob } from "./fleet-snapshot";
import { normalizeJobRequest } from "./job-request";
import { loadPreviewFleet, previewOn, type JobPreview } from "./preview-service";

/** Fields of the submit input a suggestion sets (the form converts them to its own units). */
export interface WhatIfApply {
  deadlineAt?: Date | null;
  allowedGpuModels?: string[];
  gpuCount?: number;
  gangSize?: number;
  estimatedDurationS?: number;
  allowedRegions?: string[];
}

/** One suggestion as the form shows it. */
export type WhatIfView = Omit<WhatIfSuggestion, "patch"> & { apply: WhatIfApply };

/** The preview of the request as it is and the changes that would help most. */
export interface WhatIfs {
  base: JobPreview;
  suggestions: WhatIfView[];
}

/** The submit input's fields for an engine patch. */
export function applyOf(patch: WhatIfPatch): WhatIfApply {
  const out: WhatIfApply = {};
  if (patch.deadlineMs !== undefined) out.deadlineAt = patch.deadlineMs === null ? null : new Date(patch.deadlineMs);
  if (patch.allowedGpuModels !== undefined) out.allowedGpuModels = [...patch.allowedGpuModels];
  if (patch.gpuCount !== undefined) out.gpuCount = patch.gpuCount;
  if (patch.gangSize !== undefined) out.gangSize = patch.gangSize;
  if (patch.estimatedDurationS !== undefined) out.estimatedDurationS = patch.estimatedDurationS;
  if (patch.allowedRegions !== undefined) out.allowedRegions = [...patch.allowedRegions];
  return out;
}

const outcomeOf = (p: JobPreview): WhatIfOutcome => ({
  runs: p.outcome !== "unschedulable",
  startMs: p.startAt?.getTime() ?? null,
  gCo2e: p.gCo2e,
  clusterName: p.clusterName,
});

/** The what-ifs of one request of the caller's tenant, decided on one snapshot of the fleet. */
export async function whatIfsFor(db: Db, user: { tenantId: string; timeZone?: string | null }, job: JobSubmit, now: Date): Promise<WhatIfs> {
  const fleet = await loadPreviewFleet(db, now);
  const base = previewOn(fleet, user, job, now);
  const changes = proposeWhatIfs(toFleetJob({ id: "preview", tenantId: user.tenantId, ...normalizeJobRequest(job) }), now.getTime());
  const trials = changes.map((change) => ({ change, outcome: outcomeOf(previewOn(fleet, user, { ...job, ...applyOf(change.patch) }, now)) }));
  // The engine writes times in UTC; the reader reads them in their zone.
  const localize = readerText(user, now.getTime());
  const suggestions = rankWhatIfs(outcomeOf(base), trials, now.getTime()).map(({ patch, ...s }) => ({ ...s, text: localize(s.text), apply: applyOf(patch) }));
  return { base, suggestions };
}
