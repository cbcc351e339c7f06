/**
 * bench:families — writes the gpuspec and multigpu trace families (docs/trace-families.md) derived from the
 * default openb pod list as openb_pod_list_<variant>.csv into --out DIR, and prints each variant's shares.
 * Usage: npm run --silent bench:families -- --out DIR [--nodes FILE] [--pods FILE]. Exit code 2 on bad input.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULTS } from "./bench/args";
import { allVariants, describeTable, formatTable, parseTable } from "./bench/trace-families";
import { loadFamilyNodes } from "./bench/family-source";

function main(): number {
  const argv = process.argv.slice(2);
  const opts = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i] as string;
    const value = argv[i + 1];
    if (!["--out", "--nodes", "--pods"].includes(flag) || value === undefined) {
      process.stderr.write(
        `bench:families: ${flag}: unknown flag or missing value\nusage: npm run --silent bench:families -- --out DIR [--nodes FILE] [--pods FILE]\n`,
      );
      return 2;
    }
    opts.set(flag, value);
  }
  const out = opts.get("--out");
  const nodesFile = opts.get("--nodes") ?? DEFAULTS.nodes;
  const podsFile = opts.get("--pods") ?? DEFAULTS.pods;
  if (!out) {
    process.stderr.write("bench:families: --out: missing directory\n");
    return 2;
  }
  for (const [flag, file] of [
    ["--nodes", nodesFile],
    ["--pods", podsFile],
  ] as const) {
    if (!existsSync(file)) {
      process.stderr.write(`bench:families: ${flag}: file not found: ${file}\n`);
      return 2;
    }
  }
  mkdirSync(out, { recursive: true });
  for (const v of allVariants(parseTable(readFileSync(podsFile, "utf8")), loadFamilyNodes(nodesFile))) {
    writeFileSync(join(out, `openb_pod_list_${v.name}.csv`), formatTable(v.table));
    const d = describeTable(v.table);
    process.stdout.write(
      `${v.name}: ${d.pods} pods, ${d.gpuPods} GPU pods, ${d.constrainedPct.toFixed(1)}% constrained, multi-GPU ${d.multiGpuPct.toFixed(1)}% of ${d.gpuTotal.toFixed(0)} GPUs requested\n`,
    );
  }
  return 0;
}

process.exit(main());
