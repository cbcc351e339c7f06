import { describe, expect, it } from "vitest";
import { canonicalJson, sha256Hex } from "./canonical-json";
import { createInputEncodingCache, decodeDecisionInput, encodeDecisionInput, type DecisionEngineInput, type InputPart } from "./decision-input-codec";

/** A small engine input whose arrays are long enough to be chunked and whose clusters become parts. */
function sampleInput(nodeFree: number): DecisionEngineInput {
  const nodes = Array.from({ length: 70 }, (_, i) => ({
    name: `node-${i}`,
    cpuMilliCapacity: 32000,
    cpuMilliFree: i === 5 ? nodeFree : 32000,
    memoryMibFree: 262144,
    gpuMilliFree: [1000, 1000],
    labels: { rack: `r${i % 4}`, "topology.kubernetes.io/zone": "eu-central-1a" },
  }));
  const provenance = Array.from({ length: 49 }, (_, h) => ({ kind: h < 1 ? "measured" : "forecast", provider: "Electricity Maps" }));
  const series = { zone: "DE", startMs: 0, gCo2ePerKwh: Array.from({ length: 49 }, (_, h) => 300 + h), provenance };
  const cluster = (id: string) => ({ id, pue: 1.2, state: { nodes }, running: [], series });
  return {
    v: 1,
    coordinator: { policy: { name: "p", version: 1 } as never, workload: null },
    snapshot: { nowMs: 1_700_000_000_000, clusters: [cluster("a"), cluster("b")], links: [], gpuModels: [], tenants: [] } as never,
    job: { id: "job-1", tenant: "t" } as never,
    seed: 42,
  };
}

const loaderOf = (parts: readonly InputPart[]) => async (hashes: string[]) =>
  new Map(parts.filter((p) => hashes.includes(p.hash)).map((p) => [p.hash, { kind: p.kind, text: p.text }]));

describe("decision input parts", () => {
  it("join back into the exact input, and each part's hash is the SHA-256 of its text", async () => {
    const input = sampleInput(1000);
    const { root, parts } = encodeDecisionInput(input);
    for (const p of parts) expect(sha256Hex(p.text)).toBe(p.hash);
    const decoded = await decodeDecisionInput(root, loaderOf(parts));
    expect(decoded.problems).toEqual([]);
    expect(canonicalJson(decoded.input)).toBe(canonicalJson(input));
    expect(parts.map((p) => p.kind)).toEqual(
      expect.arrayContaining(["decision", "snapshot.clusters[]", "snapshot.clusters[].series", "snapshot.clusters[].state.nodes[32]"]),
    );
  });

  it("store equal subtrees once, and a changed node changes only its chunk and the parts above it", () => {
    const a = encodeDecisionInput(sampleInput(1000));
    const b = encodeDecisionInput(sampleInput(2000));
    // The two clusters share their nodes and series: one part each, under two cluster parts.
    const count = (kind: string) => a.parts.filter((p) => p.kind === kind).length;
    expect([count("snapshot.clusters[]"), count("snapshot.clusters[].series"), count("snapshot.clusters[].state.nodes[32]")]).toEqual([2, 1, 3]);
    const hashesA = new Set(a.parts.map((p) => p.hash));
    const changed = b.parts.filter((p) => !hashesA.has(p.hash)).map((p) => p.kind);
    expect(changed.sort()).toEqual([
      "decision",
      "snapshot",
      "snapshot.clusters",
      "snapshot.clusters[]",
      "snapshot.clusters[]",
      "snapshot.clusters[].state",
      "snapshot.clusters[].state.nodes",
      "snapshot.clusters[].state.nodes[32]",
    ]);
  });

  it("give the same parts through a shared encoding cache", () => {
    const cache = createInputEncodingCache();
    const input = sampleInput(1000);
    const first = encodeDecisionInput(input, cache);
    const again = encodeDecisionInput({ ...input, seed: 43 }, cache);
    expect(again.parts.filter((p) => p.kind !== "decision")).toEqual(first.parts.filter((p) => p.kind !== "decision"));
    expect(again.root).not.toBe(first.root);
  });

  it("report a missing part and a part whose text no longer matches its hash", async () => {
    const { root, parts } = encodeDecisionInput(sampleInput(1000));
    const series = parts.find((p) => p.kind === "snapshot.clusters[].series")!;
    const missing = await decodeDecisionInput(root, loaderOf(parts.filter((p) => p !== series)));
    expect(missing.input).toBeNull();
    expect(missing.problems).toEqual([{ problem: "missing", hash: series.hash, kind: null }]);
    const changed = parts.map((p) => (p === series ? { ...p, text: p.text.replace('"zone":"DE"', '"zone":"FR"') } : p));
    const tampered = await decodeDecisionInput(root, loaderOf(changed));
    expect(tampered.problems).toEqual([{ problem: "changed", hash: series.hash, kind: "snapshot.clusters[].series" }]);
    expect(tampered.input?.snapshot.clusters[0]?.series.zone).toBe("FR");
  });

  it("refuse an input object that looks like a stored reference", () => {
    const input = { ...sampleInput(1000), job: { $ref: "x" } as never };
    expect(() => encodeDecisionInput(input)).toThrow(/job: an object whose only key is \$ref/);
  });
});
