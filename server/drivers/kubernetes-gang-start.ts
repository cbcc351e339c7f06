/**
 * Starting a gang on Kubernetes all or nothing: its one Indexed Job is created suspended (no pods),
 * every node of the placement is admitted (listed, Ready, not cordoned), and only then is the Job
 * resumed, so Kubernetes creates all members' pods together. A failed admission or resume deletes the
 * Job again: the cluster never runs part of a gang, and the control loop sees a failed start it can
 * place elsewhere.
 */
import { statusOf } from "./kubernetes-api";
import { buildGangJobManifest } from "./kubernetes-gang-manifest";
import type { KubernetesJobContext } from "./kubernetes-jobs";
import { DriverError, type StartJobRequest } from "./types";

/** Throws CAPACITY naming the first placement node the cluster cannot run a member on now. */
async function admitGang(ctx: KubernetesJobContext, request: StartJobRequest): Promise<void> {
  const list = await ctx.api.call("list nodes", () => ctx.api.timed("list nodes", ctx.core.listNode()));
  const byName = new Map(list.items.map((n) => [n.metadata?.name ?? "", n]));
  for (const node of new Set(request.assignments.map((a) => a.node))) {
    const n = byName.get(node);
    const ready = n?.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True") ?? false;
    const why = !n ? "is not in the cluster" : !ready ? "is not Ready" : n.spec?.unschedulable ? "is cordoned" : null;
    if (why)
      throw new DriverError("CAPACITY", `cluster ${ctx.cluster}: gang ${request.jobId} not admitted: node ${node} ${why}`, { jobId: request.jobId, node });
  }
}

/** Creates, admits and resumes the gang's Indexed Job in `namespace`; deletes it again when admission fails. */
export async function startKubernetesGang(ctx: KubernetesJobContext, request: StartJobRequest, namespace: string): Promise<void> {
  const body = buildGangJobManifest(request, ctx.manifest);
  const name = body.metadata?.name as string;
  try {
    await ctx.api.timed(`create Job ${namespace}/${name}`, ctx.batch.createNamespacedJob({ namespace, body }));
  } catch (error) {
    if (statusOf(error) === 409)
      throw new DriverError("DUPLICATE_JOB", `cluster ${ctx.cluster}: Job ${namespace}/${name} exists already`, { jobId: request.jobId, name });
    return ctx.api.call(`create Job ${namespace}/${name}`, () => Promise.reject(error));
  }
  try {
    await admitGang(ctx, request);
    await ctx.api.timed(
      `resume Job ${namespace}/${name}`,
      ctx.batch.patchNamespacedJob({ name, namespace, body: [{ op: "replace", path: "/spec/suspend", value: false }] }),
    );
  } catch (error) {
    await Promise.allSettled([
      ctx.api.timed(`delete Job ${namespace}/${name}`, ctx.batch.deleteNamespacedJob({ name, namespace, propagationPolicy: "Background" })),
    ]);
    return ctx.api.call(`start gang ${request.jobId} in ${namespace}`, () => Promise.reject(error));
  }
  ctx.started.set(request.jobId, { namespace, names: [name], estimatedDurationS: request.estimatedDurationS, cancelledAtMs: null });
}
