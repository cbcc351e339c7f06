// Renders the decision page body from stored explanations (the engine's v1 fixtures, upgraded as the
// service does) and checks that each card shows what the explanation holds.
import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatExplanation, parseCoordinatorExplanation } from "@/server/engine";
import type { DecisionView as Decision } from "@/server/services/decision-service";
import { scoreRowsOf } from "./decision-score-chart";
import { DecisionView } from "./decision-view";

const FIXTURES = JSON.parse(readFileSync("server/engine/coordinator/__fixtures__/v1-explanations.json", "utf8")) as Record<string, unknown>;

function decisionOf(name: string, over: Partial<Decision> = {}): Decision {
  const explanation = parseCoordinatorExplanation(FIXTURES[name]);
  return {
    id: "d-2",
    outcome: explanation.outcome === "unschedulable" ? "UNSCHEDULABLE" : "PLACED",
    createdAt: new Date(explanation.decidedAtMs),
    seenCount: 1,
    lastSeenAt: new Date(explanation.decidedAtMs),
    startAt: null,
    clusterName: null,
    policy: { name: explanation.policy.name, version: explanation.policy.version },
    job: { id: "job-1", name: "train", status: "QUEUED", statusReason: null, tenantName: "acme" },
    explanation,
    text: formatExplanation(explanation).split("\n"),
    history: [],
    ...over,
  };
}

const render = (d: Decision) => renderToStaticMarkup(<DecisionView decision={d} />);
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe("DecisionView", () => {
  it("a placed decision shows every cluster, the carbon window, the runner-up and the placement", () => {
    const d = decisionOf("placed");
    const html = render(d);
    expect(count(html, 'data-testid="candidate-row"')).toBe(d.explanation.clusters.length);
    expect(html).toContain("Carbon intensity over the window");
    const runnerUp = d.explanation.clusters.find((c) => c.clusterId === d.explanation.counterfactuals.runnerUp?.clusterId);
    expect(runnerUp).toBeDefined();
    expect(html).toContain(`Runner-up ${runnerUp!.name}: `);
    for (const p of d.explanation.chosen[0]!.placements) expect(html).toContain(`<span class="font-mono">${p.nodeName}</span>`);
    expect(html).not.toContain("No alternative was close.");
  });

  it("an unschedulable decision has no carbon or placement card and lists the engine's fixes", () => {
    const d = decisionOf("unschedulable");
    const html = render(d);
    expect(html).not.toContain("Carbon intensity over the window");
    expect(html).not.toContain(">Placement</h2>");
    expect(d.explanation.counterfactuals.fixes.length).toBeGreaterThan(0);
    for (const f of d.explanation.counterfactuals.fixes) expect(html).toContain(`<li>${f.description}</li>`);
  });

  it("repeats and earlier decisions appear only when there are some, without linking to itself", () => {
    expect(render(decisionOf("quota"))).not.toContain("decision-repeats");
    const history = [
      { id: "d-2", outcome: "DEFERRED", createdAt: new Date(0), startAt: null, clusterName: null },
      { id: "d-1", outcome: "DEFERRED", createdAt: new Date(0), startAt: null, clusterName: "de-a" },
    ];
    const html = render(decisionOf("quota", { seenCount: 4, history }));
    expect(html).toContain("reached 4 times");
    expect(html).toContain('href="/decisions/d-1"');
    expect(html).not.toContain('href="/decisions/d-2"');
  });

  it("a split decision lists every part's members under its cluster and charts the split's scores", () => {
    const placed = decisionOf("placed");
    const e = placed.explanation;
    const [first] = e.chosen;
    const other = e.clusters.find((c) => c.clusterId !== first!.clusterId)!;
    const second = { ...first!, clusterId: other.clusterId, members: 1, placements: [{ member: 0, nodeName: "other-node-7", nodeIndex: 7, gpuIndices: [3] }] };
    const split = {
      clusterIds: [first!.clusterId, other.clusterId] as [string, string],
      membersPerPart: [first!.members, 1] as [number, number],
      bandwidthGbps: 400,
      distanceKm: 300,
      parallelism: "data" as const,
      slowdownPct: 1.95,
      why: { kind: "no-whole-cluster" as const },
      scores: first!.carbon ? (e.clusters.find((c) => c.clusterId === first!.clusterId)?.scores ?? []) : [],
      total: 50,
      candidates: 1,
    };
    const html = render({ ...placed, explanation: { ...e, chosen: [first!, second], split } });
    const firstName = e.clusters.find((c) => c.clusterId === first!.clusterId)!.name;
    expect(html).toContain(`${other.name}: 1 member</h3>`);
    expect(html).toContain(`${firstName}: ${first!.members} member`);
    expect(html).toContain('<span class="font-mono">other-node-7</span>, GPU #3');
    for (const p of first!.placements) expect(html).toContain(`<span class="font-mono">${p.nodeName}</span>`);
    const rows = scoreRowsOf({ ...e, split });
    expect(rows.map((r) => r.cluster)).toContain(`${firstName} + ${other.name} (split)`);
  });
});
