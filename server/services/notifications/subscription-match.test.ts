import { describe, expect, it } from "vitest";
import { matchingSubscriptions } from "./subscription-match";

const subs = [
  { id: "fleet", enabled: true, events: ["job.started", "feed.stale"], tenantId: null },
  { id: "aurora", enabled: true, events: ["job.started"], tenantId: "t-aurora" },
  { id: "off", enabled: false, events: ["job.started"], tenantId: null },
  { id: "finished-only", enabled: true, events: ["job.finished"], tenantId: null },
];

describe("subscription matching", () => {
  it("sends a tenant's event to fleet-wide subscriptions and that tenant's, never another tenant's", () => {
    expect(matchingSubscriptions(subs, "job.started", "t-aurora")).toEqual(["fleet", "aurora"]);
    expect(matchingSubscriptions(subs, "job.started", "t-borealis")).toEqual(["fleet"]);
  });

  it("sends fleet events only to fleet-wide subscriptions asking for them", () => {
    expect(matchingSubscriptions(subs, "feed.stale", null)).toEqual(["fleet"]);
    expect(matchingSubscriptions(subs, "cluster.unreachable", null)).toEqual([]);
  });
});
