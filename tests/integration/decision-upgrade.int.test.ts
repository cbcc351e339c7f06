// A decision stored by an earlier engine (explanation version 1: other reason shapes, no verdicts)
// still opens: it is upgraded and validated on read, and its text is rendered from the upgraded
// reasons, never from stored English and never naming the job by its database id.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDecision } from "../../server/services/decision-service";
import { findSessionUser } from "../../server/repositories/user-repository";
import { demoUserIds } from "./helpers/callers";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const stored = JSON.parse(readFileSync(join(__dirname, "../../server/engine/coordinator/__fixtures__/v1-explanations.json"), "utf8")) as Record<
  string,
  Record<string, unknown>
>;

describe("stored version-1 explanations", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
  });
  afterAll(() => database.drop());

  it("reads a version-1 unschedulable decision as the current version, with the binding reasons in words", async () => {
    const db = database.db;
    const decision = await db.decision.findFirstOrThrow({ orderBy: { createdAt: "asc" } });
    const v1 = { ...stored.unschedulable, job: { ...(stored.unschedulable?.job as object), id: decision.jobId } };
    await db.decision.update({ where: { id: decision.id }, data: { explanationVersion: 1, explanation: v1 } });
    const admin = await findSessionUser(db, demoUserIds.admin);
    const view = await getDecision(db, admin!, decision.id);
    expect(view.explanation.version).toBe(2);
    expect(view.explanation.clusters.map((c) => c.verdict)).toEqual(["unfit", "unfit", "unfit"]);
    expect(view.text[0]).toBe(
      "0/3 clusters can run this job now: 2 lack 8 free A100 GPUs on one node (most free: 4), 1 is outside the allowed regions (us-west).",
    );
    expect(view.text.join("\n")).not.toContain(decision.jobId);
  });

  it("refuses an explanation of an unknown version with a clear message", async () => {
    const db = database.db;
    const decision = await db.decision.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    await db.decision.update({ where: { id: decision.id }, data: { explanationVersion: 99, explanation: { ...stored.placed, version: 99 } } });
    const admin = await findSessionUser(db, demoUserIds.admin);
    await expect(getDecision(db, admin!, decision.id)).rejects.toThrow(/explanation version 99, which this version of Verdant cannot read/);
  });
});
