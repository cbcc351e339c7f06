/**
 * A job's events from the Kubernetes events API: what the cluster says about its Jobs and their pods
 * (Scheduled, Pulling, Pulled, Created, Started, BackOff, OOMKilled, Evicted, Killing, Completed), read
 * from the job's namespace and kept when they are about one of its Jobs or a pod of one (pods are named
 * `<job name>-<suffix>`). Each occurrence has a key (event uid and count), so a repeat read stores nothing new.
 */
import type { CoreV1Event } from "@kubernetes/client-node";
import { locateJob, type KubernetesJobContext } from "./kubernetes-jobs";
import type { DriverEventKind, DriverJobEvent } from "./types";

// Kubernetes' event reasons (kubelet, scheduler, job controller) as the job page names them.
const KIND_OF_REASON: Record<string, DriverEventKind> = {
  Scheduled: "scheduled",
  Pulling: "pulling",
  Pulled: "pulled",
  Created: "created",
  SuccessfulCreate: "created",
  Started: "started",
  Completed: "completed",
  Failed: "failed",
  BackoffLimitExceeded: "failed",
  DeadlineExceeded: "failed",
  BackOff: "failed",
  FailedScheduling: "failed",
  OOMKilled: "oom-killed",
  OOMKilling: "oom-killed",
  Evicted: "evicted",
  Preempted: "evicted",
  Killing: "killed",
};

/** The event's kind: by its reason, and an OOM kill told in a message ("... OOMKilled ...") is one too. */
function kindOf(event: CoreV1Event): DriverEventKind {
  const reason = event.reason ?? "";
  if (/OOMKill/i.test(reason) || /\bOOMKilled\b/.test(event.message ?? "")) return "oom-killed";
  return KIND_OF_REASON[reason] ?? "other";
}

const timeOf = (e: CoreV1Event): number => {
  const t = e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp ?? e.metadata?.creationTimestamp;
  return t ? new Date(t as Date | string).getTime() : NaN;
};

/** The events about the Jobs named `names` (and their pods), oldest first, as driver events. */
export function jobEventsFrom(items: readonly CoreV1Event[], names: readonly string[]): DriverJobEvent[] {
  const ours = (objectName: string) => names.some((n) => objectName === n || objectName.startsWith(`${n}-`));
  return items
    .filter((e) => e.involvedObject?.name && ours(e.involvedObject.name) && Number.isFinite(timeOf(e)))
    .map((e) => {
      const kind = kindOf(e);
      const object = `${(e.involvedObject.kind ?? "object").toLowerCase()} ${e.involvedObject.name}`;
      return {
        key: `${e.metadata?.uid ?? `${e.metadata?.name ?? object}/${e.reason ?? ""}`}#${e.count ?? 1}`,
        atMs: timeOf(e),
        kind,
        object,
        message: `${e.reason ?? "Event"}: ${(e.message ?? "").trim() || "(no message)"} (${object})`,
        warning: e.type === "Warning" || kind === "oom-killed" || kind === "evicted" || kind === "failed",
      };
    })
    .sort((a, b) => a.atMs - b.atMs || a.key.localeCompare(b.key));
}

/** The job's events as the cluster reports them now. */
export async function readKubernetesJobEvents(ctx: KubernetesJobContext, jobId: string): Promise<DriverJobEvent[]> {
  const job = await locateJob(ctx, jobId);
  const list = await ctx.api.call(`list events in ${job.namespace}`, () =>
    ctx.api.timed(`list events in ${job.namespace}`, ctx.core.listNamespacedEvent({ namespace: job.namespace })),
  );
  return jobEventsFrom(list.items, job.names);
}
