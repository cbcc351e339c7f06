import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const RAW_UTC = /\b\d{2}:\d{2} UTC\b/;

describe("times in server-built sentences follow the reader's time zone", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createSeededDatabase();
    await runSchedulingCycle(database.db, { now: new Date(SEED_NOW.getTime() + 60_000), seed: 3, maxJobs: 100 });
  });
  afterAll(() => database.drop());

  it("writes a decision's times in the reader's zone with its label, and in UTC (labelled) for a reader without a setting", async () => {
    const tokyo = await callerAs(database.db, demoUserIds.aurora);
    await tokyo.preferences.setTimeZone({ timeZone: "Asia/Tokyo" });
    // A decision about one of the member's jobs whose stored sentence carries a time.
    const decisions = await database.db.decision.findMany({ where: { job: { tenantId: "tenant-aurora-labs" } }, orderBy: { createdAt: "desc" } });
    expect(decisions.length).toBeGreaterThan(0);
    const operator = await callerAs(database.db, demoUserIds.operator);
    let checked = 0;
    for (const d of decisions) {
      const [member, utc] = [await (await callerAs(database.db, demoUserIds.aurora)).decisions.get({ id: d.id }), await operator.decisions.get({ id: d.id })];
      const timed = utc.text.filter((line) => / UTC\b/.test(line));
      if (timed.length === 0) continue;
      checked++;
      for (const line of member.text) expect(line).not.toMatch(RAW_UTC);
      for (const line of utc.text) expect(line).not.toMatch(RAW_UTC);
      expect(member.text.join(" ")).toMatch(/\d{1,2}:\d{2} [AP]M GMT\+9/);
      expect(utc.text.join(" ")).toMatch(/\d{1,2}:\d{2} [AP]M UTC/);
      // The same instants: every time in the member's text is nine hours after the one in the operator's.
      const clock = (text: string, label: string) =>
        [...text.matchAll(new RegExp(`(\\d{1,2}):(\\d{2}) ([AP])M ${label}`, "g"))].map(
          (m) => ((Number(m[1]) % 12) + (m[3] === "P" ? 12 : 0)) * 60 + Number(m[2]),
        );
      const a = clock(utc.text.join(" "), "UTC");
      const b = clock(member.text.join(" "), "GMT\\+9");
      expect(b).toEqual(a.map((m) => (m + 9 * 60) % (24 * 60)));
      if (checked >= 3) break;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("writes the job page's status line and timeline in the reader's zone", async () => {
    const member = await callerAs(database.db, demoUserIds.aurora);
    await member.preferences.setTimeZone({ timeZone: "America/New_York" });
    const jobs = await database.db.job.findMany({
      where: { tenantId: "tenant-aurora-labs", decisions: { some: {} } },
      orderBy: { submittedAt: "desc" },
      take: 40,
    });
    const operator = await callerAs(database.db, demoUserIds.operator);
    const reader = await callerAs(database.db, demoUserIds.aurora);
    let checked = 0;
    for (const job of jobs) {
      const operatorTimeline = await operator.queue.timeline({ id: job.id });
      const utc =
        operatorTimeline.entries
          .map((e) => e.text)
          .join(" ")
          .match(/[AP]M UTC/g) ?? [];
      if (utc.length === 0) continue;
      checked++;
      const timeline = await reader.queue.timeline({ id: job.id });
      const detail = await reader.queue.job({ id: job.id });
      const texts = [...timeline.entries.map((e) => e.text), detail.statusReason ?? "", ...(detail.latestDecision?.text ?? [])];
      for (const text of texts) expect(text).not.toMatch(RAW_UTC);
      expect(texts.join(" ")).not.toMatch(/[AP]M UTC/);
      const zoned =
        timeline.entries
          .map((e) => e.text)
          .join(" ")
          .match(/[AP]M E[SD]T/g) ?? [];
      expect(zoned.length).toBe(utc.length);
    }
    expect(checked).toBeGreaterThan(0);
  });
});
