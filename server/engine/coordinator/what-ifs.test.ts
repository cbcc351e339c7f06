import { describe, expect, it } from "vitest";
import type { FleetJob } from "./types";
import { proposeWhatIfs, rankWhatIfs, WHAT_IF_WINDOW_WIDENING_MS, type WhatIfChange } from "./what-ifs";

const NOW = Date.UTC(2026, 2, 15, 12, 0);
const job = (over: Partial<FleetJob> = {}): FleetJob =>
  ({
    id: "j",
    tenant: "t",
    kind: "training",
    cpuMilli: 8000,
    memoryMib: 32768,
    gpuCount: 16,
    gpuMilliPerGpu: 1000,
    allowedGpuModels: ["H100"],
    gangSize: 1,
    estimatedDurationS: 7200,
    priority: 0,
    allowedRegions: ["eu-central"],
    allowSplit: false,
    ...over,
  }) as FleetJob;

describe("proposeWhatIfs", () => {
  it("widens the window past the run's end, lifts the model and region lists, and halves GPUs keeping the work", () => {
    const changes = proposeWhatIfs(job(), NOW);
    expect(changes.map((c) => c.kind)).toEqual(["wider-window", "any-model", "fewer-gpus", "any-region"]);
    expect(changes[0]!.patch.deadlineMs).toBe(NOW + 7200_000 + WHAT_IF_WINDOW_WIDENING_MS);
    const fewer = changes.find((c) => c.kind === "fewer-gpus")!;
    expect(fewer.patch).toEqual({ gpuCount: 8, estimatedDurationS: 14_400 });
    expect(fewer.job.gpuCount * fewer.job.estimatedDurationS).toBe(16 * 7200);
  });

  it("proposes nothing a request does not have: no model or region list, one GPU, an elastic gang", () => {
    const kinds = proposeWhatIfs(job({ allowedGpuModels: [], allowedRegions: [], gpuCount: 1, gangSize: 4, minMembers: 2 }), NOW).map((c) => c.kind);
    expect(kinds).toEqual(["wider-window"]);
  });
});

describe("rankWhatIfs", () => {
  const change = (kind: WhatIfChange["kind"], words: string): WhatIfChange => ({ kind, words, patch: {}, job: job() });
  const base = { runs: true, startMs: NOW + 3 * 3600_000, gCo2e: 10_000, clusterName: "A" };

  it("keeps changes that start sooner or cut CO2e by 5 % or more, best first, at most three", () => {
    const ranked = rankWhatIfs(
      base,
      [
        { change: change("wider-window", "finish by x"), outcome: { ...base, gCo2e: 6_400 } },
        { change: change("any-model", "accept any GPU model"), outcome: { ...base, startMs: NOW } },
        { change: change("any-region", "allow any region"), outcome: { ...base, gCo2e: 9_800 } },
        { change: change("fewer-gpus", "8 GPUs"), outcome: { ...base, startMs: NOW + 10 * 60_000 } },
      ],
      NOW,
    );
    expect(ranked.map((r) => r.kind)).toEqual(["any-model", "fewer-gpus", "wider-window"]);
    expect(ranked[0]!.text).toBe("accept any GPU model: starts now");
    expect(ranked[1]!.text).toBe("8 GPUs: starts in 10 min");
    expect(ranked[2]!.text).toBe("finish by x: −36 % CO2e");
    expect(ranked[2]!.co2eChangePct).toBe(-36);
  });

  it("ranks a change that lets an unrunnable job run first, and drops changes that still cannot run", () => {
    const none = { runs: false, startMs: null, gCo2e: null, clusterName: null };
    const ranked = rankWhatIfs(
      none,
      [
        { change: change("any-model", "accept any GPU model"), outcome: none },
        { change: change("any-region", "allow any region"), outcome: { runs: true, startMs: NOW, gCo2e: 1, clusterName: "B" } },
      ],
      NOW,
    );
    expect(ranked).toHaveLength(1);
    expect(ranked[0]).toMatchObject({ kind: "any-region", startsEarlierMin: null, text: "allow any region: it could run on B, starts now" });
  });
});
