import { describe, expect, it } from "vitest";
import { diffAuditValues } from "./audit-diff";

describe("diffAuditValues", () => {
  it("lists each changed leaf of nested values with before and after", () => {
    const changes = diffAuditValues(
      { version: 3, objectiveWeights: { carbon: 0.5, wait: 0.3 }, constraints: { backfill: { enabled: true } } },
      { version: 4, objectiveWeights: { carbon: 0.6, wait: 0.3 }, constraints: { backfill: { enabled: false } } },
    );
    expect(changes.map((c) => [c.path, c.before, c.after])).toEqual([
      ["constraints.backfill.enabled", "yes", "no"],
      ["objectiveWeights.carbon", "0.5", "0.6"],
      ["version", "3", "4"],
    ]);
  });

  it("shows a secret only as changed, never its value", () => {
    const changes = diffAuditValues(
      { name: "a", connection: { kubeconfigSet: true, kubeconfig: "apiVersion: v1 old" } },
      { name: "a", connection: { kubeconfigSet: true, kubeconfig: "apiVersion: v1 new", kubeconfigChanged: true } },
    );
    expect(changes).toEqual([{ path: "connection.kubeconfig", before: "", after: "", secret: true }]);
    expect(JSON.stringify(changes)).not.toContain("apiVersion");
  });

  it("leaves a secret out when its flag says it did not change", () => {
    expect(diffAuditValues({ connection: { kubeconfigSet: true } }, { connection: { kubeconfigSet: true, kubeconfigChanged: false } })).toEqual([]);
    expect(diffAuditValues({ role: "ADMIN" }, { role: "ADMIN", passwordReset: true })).toEqual([{ path: "password", before: "", after: "", secret: true }]);
  });

  it("reads a creation as fields set and a deletion as fields removed", () => {
    expect(diffAuditValues(undefined, { name: "x", tags: ["a", "b"] }).map((c) => [c.path, c.before, c.after])).toEqual([
      ["name", "—", "x"],
      ["tags", "—", "a, b"],
    ]);
    expect(diffAuditValues({ name: "x" }, null).map((c) => [c.path, c.before, c.after])).toEqual([["name", "x", "—"]]);
  });
});
