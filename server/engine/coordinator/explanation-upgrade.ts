/**
 * Reads stored coordinator explanations of every version: an older version is upgraded to the current
 * one, then validated by the current schema. Version 1 (one reason shape per level, free text in
 * `detail`, no verdicts) becomes version 2:
 * - cluster reasons: INSUFFICIENT_CAPACITY splits by its unit into INSUFFICIENT_GPUS (gpus),
 *   NO_GPU_WITH_ENOUGH_SHARE (milliGpu) and GANG_TOO_LARGE (members: the gang size becomes
 *   `requested`, the nodes with room `available`); NO_SUITABLE_GPU_MODEL becomes GPU_MODEL_ABSENT;
 *   `over` is dropped (it is requested - available); `detail` becomes `subject` only where it was an
 *   identifier (status, unreachable reason, zone, model list), and each reason gets its `resource`;
 * - in-cluster reasons: `free` becomes `available`, `detail` becomes `subject`, plus `resource`;
 * - each filter's verdict is "pass" or "unfit" (version 1 did not know which failures were
 *   unresolvable), each cluster's verdict likewise, `couldEverRun` is true and `fixesTried` empty;
 *   the reason histogram is counted again over the upgraded reasons.
 * The stored summary is kept; formatExplanation renders the summary afresh from the reasons.
 */
import type { ReasonResource } from "../explain/reason-codes";
import { coordinatorExplanationSchema, type ClusterConsideration, type CoordinatorExplanation } from "./explanation-schema";
import { reasonHistogram } from "./summary";

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

const RESOURCE_OF: Record<string, ReasonResource> = {
  NODE_NOT_READY: "node",
  INSUFFICIENT_CPU: "cpu",
  INSUFFICIENT_MEMORY: "memory",
  INSUFFICIENT_GPUS: "gpu-count",
  NO_GPU_WITH_ENOUGH_SHARE: "gpu-share",
  GPU_MODEL_NOT_ALLOWED: "gpu-model",
  LABEL_MISMATCH: "label",
  RACK_CAPACITY_FOR_GANG: "gang",
  GANG_IN_OTHER_RACK: "gang",
  CLUSTER_NOT_ACTIVE: "cluster",
  CLUSTER_UNREACHABLE: "cluster",
  REGION_NOT_ALLOWED: "region",
  ZONE_NOT_ALLOWED: "zone",
  TIER_NOT_ALLOWED: "tier",
  GPU_MODEL_ABSENT: "gpu-model",
  GANG_TOO_LARGE: "gang",
  TENANT_GPU_QUOTA: "quota",
  DEADLINE_UNREACHABLE: "deadline",
  CARBON_BUDGET: "carbon-budget",
  CARBON_SERIES_NOT_COVERING: "carbon-data",
  LATER_THAN_ANOTHER_CLUSTER: "start",
};

/** Copies the numeric fields that kept their meaning. */
function numbers(r: Json, names: readonly string[]): Json {
  const out: Json = {};
  for (const n of names) if (typeof r[n] === "number") out[n] = r[n];
  return out;
}

function withResource(code: string, rest: Json): Json {
  const resource = RESOURCE_OF[code];
  return { code, ...(resource ? { resource } : {}), ...rest };
}

/** A version-1 cluster reason in the version-2 shape. */
export function upgradeClusterReasonV1(r: Json): Json {
  const code = String(r.code);
  const unit = typeof r.unit === "string" ? { unit: r.unit } : {};
  const detail = typeof r.detail === "string" ? r.detail : undefined;
  if (code === "INSUFFICIENT_CAPACITY") {
    if (r.unit === "members")
      return withResource("GANG_TOO_LARGE", { unit: "nodes", ...(typeof r.limit === "number" ? { requested: r.limit } : {}), ...numbers(r, ["available"]) });
    const models = detail ? { subject: detail } : {};
    if (r.unit === "milliGpu") return withResource("NO_GPU_WITH_ENOUGH_SHARE", { unit: "milliGpu", ...numbers(r, ["requested", "available"]), ...models });
    return withResource("INSUFFICIENT_GPUS", { unit: "gpus", ...numbers(r, ["requested", "available"]), ...models });
  }
  if (code === "NO_SUITABLE_GPU_MODEL") return withResource("GPU_MODEL_ABSENT", {});
  // Version 1 wrote "<value> not in <list>" for location reasons: keep the cluster's value.
  const located =
    detail && ["REGION_NOT_ALLOWED", "ZONE_NOT_ALLOWED", "TIER_NOT_ALLOWED"].includes(code) ? { subject: detail.split(" not in ")[0] as string } : {};
  const identifier = detail && ["CLUSTER_NOT_ACTIVE", "CLUSTER_UNREACHABLE", "CARBON_SERIES_NOT_COVERING"].includes(code) ? { subject: detail } : {};
  return withResource(code, { ...unit, ...numbers(r, ["requested", "available", "capacity", "limit"]), ...located, ...identifier });
}

/** A version-1 in-cluster reason in the version-2 shape. */
export function upgradeNodeReasonV1(r: Json): Json {
  const code = String(r.code);
  return withResource(code, {
    ...(typeof r.unit === "string" ? { unit: r.unit } : {}),
    ...numbers(r, ["requested", "capacity"]),
    ...(typeof r.free === "number" ? { available: r.free } : {}),
    ...(typeof r.detail === "string" ? { subject: r.detail } : {}),
  });
}

function upgradeInClusterV1(e: unknown): unknown {
  if (!isObject(e) || e.version !== 1) return e;
  return {
    ...e,
    version: 2,
    steps: list(e.steps).map((step) =>
      isObject(step)
        ? {
            ...step,
            groups: list(step.groups).map((g) =>
              isObject(g)
                ? {
                    ...g,
                    filters: list(g.filters).map((f) =>
                      isObject(f) ? { ...f, reasons: list(f.reasons).map((r) => (isObject(r) ? upgradeNodeReasonV1(r) : r)) } : f,
                    ),
                  }
                : g,
            ),
          }
        : step,
    ),
  };
}

/** A version-1 explanation as version 2 (unvalidated). */
export function upgradeExplanationV1(e: Json): Json {
  const counterfactuals = isObject(e.counterfactuals) ? e.counterfactuals : {};
  const clusters = list(e.clusters).map((c) => {
    if (!isObject(c)) return c;
    return {
      ...c,
      verdict: c.passed ? "pass" : "unfit",
      filters: list(c.filters).map((f) =>
        isObject(f) ? { ...f, verdict: f.passed ? "pass" : "unfit", reasons: list(f.reasons).map((r) => (isObject(r) ? upgradeClusterReasonV1(r) : r)) } : f,
      ),
    };
  });
  // Counted again over the upgraded reasons (version 1 counted the first failing reason too).
  const { counts } = reasonHistogram(clusters.filter(isObject) as unknown as ClusterConsideration[]);
  return {
    ...e,
    version: 2,
    couldEverRun: true,
    clusters,
    chosen: list(e.chosen).map((p) => (isObject(p) ? { ...p, inCluster: upgradeInClusterV1(p.inCluster) } : p)),
    reasonHistogram: counts,
    counterfactuals: { ...counterfactuals, fixesTried: [] },
  };
}

/** Upgrades a stored explanation of any known version to the current one (unvalidated); unknown versions pass through. */
export function upgradeCoordinatorExplanation(value: unknown): unknown {
  if (isObject(value) && value.version === 1) return upgradeExplanationV1(value);
  return value;
}

/** Parses stored JSON of any known version into a current coordinator explanation (throws a zod error when it does not conform). */
export function parseCoordinatorExplanation(value: unknown): CoordinatorExplanation {
  return coordinatorExplanationSchema.parse(upgradeCoordinatorExplanation(value));
}
