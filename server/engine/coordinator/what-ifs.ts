/**
 * What-ifs a tenant can act on before submitting: a few changes to the request (a wider window, any
 * GPU model, fewer GPUs or members, any region), each decided again on the same snapshot by the
 * caller, then ranked by how much they help. Unlike the fix search (fixes.ts), which only runs for an
 * unschedulable job and asks "what is the smallest change that lets it run", this asks "which change
 * would make it start sooner or emit less", so it applies to placed and deferred jobs too. The changes
 * are stated in request fields the submit form holds, so applying one to the form reproduces the
 * stated outcome through the same preview.
 */
import type { FleetJob } from "./types";

/** Kinds of change a what-if proposes. */
export type WhatIfKind = "wider-window" | "any-model" | "fewer-gpus" | "fewer-members" | "any-region";

/** Request fields a what-if changes (absent = unchanged; deadlineMs null = no deadline). */
export interface WhatIfPatch {
  readonly deadlineMs?: number | null;
  readonly allowedGpuModels?: readonly string[];
  readonly gpuCount?: number;
  readonly gangSize?: number;
  readonly estimatedDurationS?: number;
  readonly allowedRegions?: readonly string[];
}

/** One proposed change: its kind, the fields it changes, and the changed job to decide again. */
export interface WhatIfChange {
  readonly kind: WhatIfKind;
  readonly patch: WhatIfPatch;
  readonly job: FleetJob;
  /** The change in words, without its outcome ("8 GPUs instead of 16 (the run takes twice as long)"). */
  readonly words: string;
}

/** How far a wider window reaches past the current deadline (or past the run's end when there is none). */
export const WHAT_IF_WINDOW_WIDENING_MS = 12 * 3600_000;

/** Up to whole tenths of an hour, so the form's hours input holds the duration exactly. */
const tenthsOfHour = (s: number) => Math.ceil(s / 360) * 360;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

/**
 * The changes worth deciding again for a job. Fewer GPUs or members keep the job's work the same: the
 * run takes proportionally longer (linear scaling, as variants.ts assumes), so a change is never a
 * free smaller request.
 */
export function proposeWhatIfs(job: FleetJob, nowMs: number): WhatIfChange[] {
  const out: WhatIfChange[] = [];
  const change = (kind: WhatIfKind, patch: WhatIfPatch, words: string) => out.push({ kind, patch, words, job: { ...job, ...patch } as FleetJob });
  const start = Math.max(nowMs, job.earliestStartMs ?? nowMs);
  const deadline = Math.max(job.deadlineMs ?? start + job.estimatedDurationS * 1000, start + job.estimatedDurationS * 1000) + WHAT_IF_WINDOW_WIDENING_MS;
  // Whole minutes, so the form's datetime input holds the value exactly.
  const wider = Math.floor(deadline / 60_000) * 60_000;
  change("wider-window", { deadlineMs: wider }, `finish by ${iso(wider)}`);
  if (job.allowedGpuModels.length > 0) change("any-model", { allowedGpuModels: [] }, "accept any GPU model");
  const compute = job.computeUnits != null;
  if (!compute && job.gpuCount > 1) {
    const half = Math.floor(job.gpuCount / 2);
    const durationS = tenthsOfHour((job.estimatedDurationS * job.gpuCount) / half);
    change("fewer-gpus", { gpuCount: half, estimatedDurationS: durationS }, `${half} GPUs instead of ${job.gpuCount} (the run takes ${durationS / 3600} h)`);
  }
  if (!compute && job.gangSize > 1 && job.minMembers == null) {
    const members = Math.max(1, Math.floor(job.gangSize / 2));
    const durationS = tenthsOfHour((job.estimatedDurationS * job.gangSize) / members);
    change(
      "fewer-members",
      { gangSize: members, estimatedDurationS: durationS },
      `${members} nodes instead of ${job.gangSize} (the run takes ${durationS / 3600} h)`,
    );
  }
  if (job.allowedRegions.length > 0) change("any-region", { allowedRegions: [] }, "allow any region");
  return out;
}

/** What a decision of the job (or a changed job) gives, as the ranking needs it. */
export interface WhatIfOutcome {
  readonly runs: boolean;
  readonly startMs: number | null;
  readonly gCo2e: number | null;
  readonly clusterName: string | null;
}

/** A change that helps, with its outcome and the sentence the preview shows. */
export interface WhatIfSuggestion {
  readonly kind: WhatIfKind;
  readonly patch: WhatIfPatch;
  readonly outcome: WhatIfOutcome;
  /** Minutes earlier than without the change (null when the job could not run before). */
  readonly startsEarlierMin: number | null;
  /** Percent change of the emissions (negative = less), null when either side has none. */
  readonly co2eChangePct: number | null;
  readonly text: string;
}

/** Least gain worth suggesting: five minutes sooner or 5 % less CO2e. */
const MIN_EARLIER_MIN = 5;
const MIN_CO2E_PCT = 5;

/** "starts now", "starts in 10 min", "starts 3.5 h sooner". */
function startWords(startMs: number, nowMs: number, earlierMin: number | null): string {
  const inMin = Math.round((startMs - nowMs) / 60_000);
  if (inMin <= 1) return "starts now";
  if (earlierMin !== null && inMin >= 120) return `starts ${Math.round((earlierMin / 60) * 10) / 10} h sooner`;
  return inMin < 120 ? `starts in ${inMin} min` : `starts at ${iso(startMs)}`;
}

/**
 * Keeps the changes that help and ranks them: a change that lets an unrunnable job run first, then
 * the most minutes sooner, then the largest CO2e cut; at most `max`.
 */
export function rankWhatIfs(
  base: WhatIfOutcome,
  trials: readonly { change: WhatIfChange; outcome: WhatIfOutcome }[],
  nowMs: number,
  max = 3,
): WhatIfSuggestion[] {
  const out: (WhatIfSuggestion & { score: number })[] = [];
  for (const { change, outcome } of trials) {
    if (!outcome.runs || outcome.startMs === null) continue;
    const earlier = base.runs && base.startMs !== null ? Math.round((base.startMs - outcome.startMs) / 60_000) : null;
    const pct = base.runs && base.gCo2e && outcome.gCo2e !== null ? Math.round(((outcome.gCo2e - base.gCo2e) / base.gCo2e) * 1000) / 10 : null;
    const helpsStart = earlier === null || earlier >= MIN_EARLIER_MIN;
    const helpsCarbon = pct !== null && pct <= -MIN_CO2E_PCT;
    // A sooner start that costs much more carbon, or less carbon that starts much later, is still stated with both figures.
    if (!(helpsStart || helpsCarbon)) continue;
    const parts: string[] = [];
    if (earlier === null) parts.push(`it could run on ${outcome.clusterName ?? "a cluster"}, ${startWords(outcome.startMs, nowMs, null)}`);
    else if (helpsStart) parts.push(startWords(outcome.startMs, nowMs, earlier));
    if (pct !== null && (helpsCarbon || Math.abs(pct) >= MIN_CO2E_PCT)) parts.push(`${pct > 0 ? "+" : "−"}${Math.abs(pct)} % CO2e`);
    if (earlier !== null && !helpsStart && earlier < 0) parts.push(`starts ${Math.round(-earlier)} min later`);
    const score = earlier === null ? 1e9 : Math.max(0, earlier) * 10 + Math.max(0, -(pct ?? 0));
    out.push({
      kind: change.kind,
      patch: change.patch,
      outcome,
      startsEarlierMin: earlier,
      co2eChangePct: pct,
      text: `${change.words}: ${parts.join(", ")}`,
      score,
    });
  }
  return out
    .sort((a, b) => b.score - a.score || a.kind.localeCompare(b.kind))
    .slice(0, max)
    .map(({ score: _score, ...s }) => s);
}
