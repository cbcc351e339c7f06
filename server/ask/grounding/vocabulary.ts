// The fleet's names (every cluster, GPU model and tenant), for the checker to spot a name that the
// record does not mention. GPU models are known by code ("A100-SXM4-80GB"), display name and the
// short name people write ("A100").
import type { Db } from "../../db/client";
import type { FleetVocabulary } from "../contract";

/** The short names a GPU model code is written as: the code itself and its first dash-separated part. */
export function modelAliases(code: string, displayName?: string): string[] {
  const head = code.split(/[-\s]/)[0] ?? code;
  return [...new Set([code, head, ...(displayName ? [displayName] : [])].filter((n) => n.length >= 2))];
}

/** Every name the fleet knows. */
export async function loadFleetVocabulary(db: Db): Promise<FleetVocabulary & { modelNames: Map<string, string> }> {
  const [clusters, models, tenants] = await Promise.all([
    db.cluster.findMany({ select: { name: true } }),
    db.gpuModel.findMany({ select: { id: true, displayName: true } }),
    db.tenant.findMany({ select: { name: true } }),
  ]);
  return {
    clusters: clusters.map((c) => c.name),
    models: models.flatMap((m) => modelAliases(m.id, m.displayName)),
    tenants: tenants.map((t) => t.name),
    modelNames: new Map(models.map((m) => [m.id, m.displayName])),
  };
}

/** The names a set of GPU model codes may be written as. */
export function allowedModelNames(codes: readonly string[], displayNames: ReadonlyMap<string, string>): string[] {
  return [...new Set(codes.flatMap((code) => modelAliases(code, displayNames.get(code))))];
}
