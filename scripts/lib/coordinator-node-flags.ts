/**
 * Node flags of the process that runs the coordinator's decisions (the scheduling worker), also used by
 * the coordinator benchmark so it measures that process. A young generation of 8 MiB per semi-space
 * (V8's default grows to 16 MiB) makes each scavenge copy less, so the pauses that land inside a decision
 * are shorter: at 10 clusters and 95 % allocation the wall p99 was 5.7-11.1 ms with the default and
 * 6.3-8.5 ms with 8 MiB (docs/benchmarks/coordinator.md, "Garbage collection inside decisions").
 */
export const COORDINATOR_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=8"];
