import { describe, expect, it } from "vitest";
import { pendingChain, unknownStartWhy, type ChainJob } from "./pending-chain";
import { classifyPending } from "./pending-reason";

const NOW = Date.UTC(2026, 2, 15, 12, 0);
const at = (min: number) => NOW + min * 60_000;

describe("pendingChain", () => {
  const reservations = [{ jobId: "head", clusterId: "c1", startMs: at(80), nodeNames: ["n1"] }];
  const head: ChainJob = {
    id: "head",
    name: "head-job",
    classification: classifyPending({ jobId: "head", notBeforeMs: null, decision: null }, reservations, NOW),
    clusterId: "c1",
    freedByCount: 2,
  };
  const behind: ChainJob = {
    id: "behind",
    name: "behind-job",
    classification: classifyPending(
      {
        jobId: "behind",
        notBeforeMs: null,
        decision: {
          outcome: "DEFERRED",
          startMs: at(200),
          startReason: "capacity",
          reasonCodes: [],
          capacityWait: { clusterId: "c1", startMs: at(200), nodeNames: ["n1"] },
        },
      },
      reservations,
      NOW,
    ),
    clusterId: "c1",
    freedByCount: null,
  };
  const clusters = new Map([["c1", "Frankfurt"]]);

  it("follows a job reserved behind another to what that job waits for, with cluster and time", () => {
    const chain = pendingChain(
      behind,
      new Map([
        ["head", head],
        ["behind", behind],
      ]),
      reservations,
      new Map([["head", "head-job"]]),
      clusters,
    );
    expect(chain).toEqual([
      { jobId: "behind", jobName: "behind-job", reason: "reserved-for-other", clusterName: "Frankfurt", untilAt: new Date(at(200)), freedByCount: null },
      { jobId: "head", jobName: "head-job", reason: "holds-reservation", clusterName: "Frankfurt", untilAt: new Date(at(80)), freedByCount: 2 },
    ]);
  });

  it("names a holder the viewer may not see only as another tenant's job, still with its cluster and start", () => {
    const chain = pendingChain(behind, new Map([["behind", behind]]), reservations, new Map(), clusters);
    expect(chain[1]).toEqual({
      jobId: null,
      jobName: "another tenant's job",
      reason: "holds-reservation",
      clusterName: "Frankfurt",
      untilAt: new Date(at(80)),
      freedByCount: null,
    });
  });

  it("says why a start is unknown only when it is", () => {
    expect(unknownStartWhy(head.classification)).toBeNull();
    expect(unknownStartWhy({ reason: "quota", expectedStartMs: null, reservedForJobId: null })).toMatch(/quota/);
    expect(unknownStartWhy({ reason: "not-decided", expectedStartMs: null, reservedForJobId: null })).toMatch(/not decided/);
  });
});
