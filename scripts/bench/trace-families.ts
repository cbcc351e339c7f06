/**
 * Trace families derived from the default openb pod list, as the FGD paper builds them (docs/trace-families.md):
 * - gpuspec-P: a seeded P share of GPU-requesting pods get a `gpu_spec` constraint drawn from production-like
 *   model sets, each set only when some node of its models can host the pod (every constraint satisfiable);
 * - multigpu-P: multi-GPU pods (2, 4, 8 GPUs, shapes resampled from the trace's own multi-GPU pods) carry P of
 *   the requested GPU amount; seeded single-GPU pods are dropped so the total GPU request stays within one pod of
 *   the original.
 * Rows are CSV lines of the source file (no quoted fields in openb); columns keep their order.
 */
import { createRng, type Rng } from "@/server/engine";

/** One constraint set of the gpuspec family and its draw weight (roughly each set's share of the GPU capacity it admits). */
export interface SpecSet {
  readonly models: readonly string[];
  readonly weight: number;
}

/**
 * Production-like constraint sets (FGD paper: one model, or a family of models), weighted so each model's
 * constrained demand stays below its share of the cluster's GPUs even at 35 % constrained.
 */
export const GPUSPEC_SETS: readonly SpecSet[] = [
  { models: ["G2"], weight: 0.35 },
  { models: ["T4"], weight: 0.25 },
  { models: ["G3"], weight: 0.1 },
  { models: ["V100M16", "V100M32"], weight: 0.1 },
  { models: ["P100", "V100M16", "V100M32"], weight: 0.1 },
  { models: ["P100"], weight: 0.05 },
  { models: ["T4", "P100"], weight: 0.05 },
];

/** Shares of the two families (percent); the first half of each list is the tuning set (see docs/trace-families.md). */
export const FAMILY_SHARES = { gpuspec: [5, 10, 15, 20, 25, 30, 35], multigpu: [20, 30, 40, 50] } as const;

/** Fixed generation seed of every variant (the arrival seeds 42-51 are separate). */
export const FAMILY_SEED = 2026;

/** A node of the node list, as far as constraint feasibility needs it. */
export interface FamilyNode {
  readonly model: string;
  readonly gpu: number;
  readonly cpuMilli: number;
  readonly memoryMib: number;
}

/** A parsed pod list: header plus rows split into cells. */
export interface PodTable {
  readonly header: readonly string[];
  readonly rows: readonly string[][];
}

/** Splits a CSV text (no quoting) into header and rows. */
export function parseTable(text: string): PodTable {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const [head, ...rest] = lines;
  if (head === undefined) throw new Error("empty CSV");
  return { header: head.split(","), rows: rest.map((l) => l.split(",")) };
}

/** Joins a table back into CSV text. */
export function formatTable(t: PodTable): string {
  return `${[t.header, ...t.rows].map((r) => r.join(",")).join("\n")}\n`;
}

/** Column accessor by header name (throws naming the column when it is missing). */
function columns(header: readonly string[]) {
  const idx = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`pod list has no ${name} column`);
    return i;
  };
  return { name: idx("name"), cpu: idx("cpu_milli"), mem: idx("memory_mib"), gpu: idx("num_gpu"), milli: idx("gpu_milli"), spec: idx("gpu_spec") };
}

/** Seeded in-place Fisher-Yates shuffle. */
function shuffle<T>(xs: T[], rng: Rng): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
  }
  return xs;
}

/** A weighted draw among `sets`. */
function drawSet(sets: readonly SpecSet[], rng: Rng): SpecSet {
  const total = sets.reduce((s, x) => s + x.weight, 0);
  let u = rng.next() * total;
  for (const s of sets) if ((u -= s.weight) < 0) return s;
  return sets[sets.length - 1] as SpecSet;
}

/** gpuspec-P: `pct` % of GPU pods constrained (sets restricted to those some node of theirs can host). */
export function gpuspecVariant(src: PodTable, nodes: readonly FamilyNode[], pct: number, seed = FAMILY_SEED): PodTable {
  const c = columns(src.header);
  const rng = createRng(seed * 1000 + pct);
  const rows = src.rows.map((r) => [...r]);
  const gpuRows = rows.filter((r) => Number(r[c.gpu]) > 0);
  const want = Math.round((pct / 100) * gpuRows.length);
  let done = 0;
  for (const r of shuffle([...gpuRows], rng)) {
    if (done >= want) break;
    const fits = (m: string) =>
      nodes.some((n) => n.model === m && n.gpu >= Number(r[c.gpu]) && n.cpuMilli >= Number(r[c.cpu]) && n.memoryMib >= Number(r[c.mem]));
    const feasible = GPUSPEC_SETS.filter((s) => s.models.some(fits));
    if (feasible.length === 0) continue;
    r[c.spec] = drawSet(feasible, rng).models.join("|");
    done++;
  }
  return { header: src.header, rows };
}

/** GPU amount of a row in milli-GPU. */
function gpuMilliOf(r: readonly string[], c: ReturnType<typeof columns>): number {
  return Number(r[c.gpu]) * Number(r[c.milli]);
}

/** multigpu-P: multi-GPU pods carry `pct` % of the requested GPU amount; the total stays comparable. */
export function multigpuVariant(src: PodTable, pct: number, seed = FAMILY_SEED): PodTable {
  const c = columns(src.header);
  const rng = createRng(seed * 1000 + 500 + pct);
  const total = src.rows.reduce((s, r) => s + gpuMilliOf(r, c), 0);
  const multi = src.rows.filter((r) => Number(r[c.gpu]) > 1);
  const multiNow = multi.reduce((s, r) => s + gpuMilliOf(r, c), 0);
  const addTarget = (pct / 100) * total - multiNow;
  if (addTarget <= 0 || multi.length === 0) return { header: src.header, rows: src.rows.map((r) => [...r]) };
  // Multi-GPU pods to add: shapes resampled from the trace's own multi-GPU pods.
  const added: string[][] = [];
  let addedMilli = 0;
  while (addedMilli < addTarget) {
    const r = [...(multi[rng.nextInt(multi.length)] as string[])];
    r[c.name] = `openb-pod-mg${String(added.length).padStart(4, "0")}`;
    added.push(r);
    addedMilli += gpuMilliOf(r, c);
  }
  // Single-GPU pods to drop, seeded, until as much GPU as was added is gone; the added pods take their rows.
  const singles = shuffle(
    src.rows.map((r, i) => i).filter((i) => Number(src.rows[i]?.[c.gpu]) === 1),
    rng,
  );
  const replace = new Map<number, string[] | null>();
  let removed = 0;
  let next = 0;
  for (const i of singles) {
    if (removed >= addedMilli) break;
    removed += gpuMilliOf(src.rows[i] as string[], c);
    replace.set(i, next < added.length ? (added[next++] as string[]) : null);
  }
  const rows: string[][] = [];
  src.rows.forEach((r, i) => {
    const rep = replace.get(i);
    if (rep === undefined) rows.push([...r]);
    else if (rep !== null) rows.push(rep);
  });
  while (next < added.length) rows.push(added[next++] as string[]);
  return { header: src.header, rows };
}

/** Two-digit share as used in variant names (gpuspec05). */
const two = (p: number) => String(p).padStart(2, "0");

/** Names of every variant, in family order. */
export function familyVariantNames(): string[] {
  return [...FAMILY_SHARES.gpuspec.map((p) => `gpuspec${two(p)}`), ...FAMILY_SHARES.multigpu.map((p) => `multigpu${two(p)}`)];
}

/** Every variant of both families: file name (openb_pod_list_<variant>.csv) and table. */
export function allVariants(src: PodTable, nodes: readonly FamilyNode[]): { name: string; table: PodTable }[] {
  return [
    ...FAMILY_SHARES.gpuspec.map((p) => ({ name: `gpuspec${two(p)}`, table: gpuspecVariant(src, nodes, p) })),
    ...FAMILY_SHARES.multigpu.map((p) => ({ name: `multigpu${two(p)}`, table: multigpuVariant(src, p) })),
  ];
}

/** Shares of a table, for the generator's summary line and tests: constrained GPU pods and multi-GPU GPU share. */
export function describeTable(t: PodTable): { pods: number; gpuPods: number; constrainedPct: number; multiGpuPct: number; gpuTotal: number } {
  const c = columns(t.header);
  const gpuRows = t.rows.filter((r) => Number(r[c.gpu]) > 0);
  const total = t.rows.reduce((s, r) => s + gpuMilliOf(r, c), 0);
  const multi = t.rows.filter((r) => Number(r[c.gpu]) > 1).reduce((s, r) => s + gpuMilliOf(r, c), 0);
  return {
    pods: t.rows.length,
    gpuPods: gpuRows.length,
    constrainedPct: (100 * gpuRows.filter((r) => (r[c.spec] ?? "") !== "").length) / Math.max(1, gpuRows.length),
    multiGpuPct: (100 * multi) / Math.max(1, total),
    gpuTotal: total / 1000,
  };
}
