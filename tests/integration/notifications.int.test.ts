// Notifications end to end against a local HTTP receiver: run events of real jobs delivered signed,
// a receiver failing twice then answering (three attempts recorded, back-off respected), a delivery
// out of attempts retried by an admin, tenant subscriptions never receiving another tenant's events,
// the 80 % quota threshold firing once, bad subscriptions refused naming the field, and e-mail through a
// local SMTP server (signed in with the sealed password, the server's reply and a refusal recorded).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addressCheckedFetch } from "../../server/carbon-feeds/http-fetch";
import { createJobRunner, type JobRunner } from "../../server/services/job-runner";
import { deliverDue } from "../../server/services/notifications/deliver";
import { produceNotificationEvents } from "../../server/services/notifications/produce-events";
import { MAX_DELIVERY_ATTEMPTS } from "../../server/services/notifications/retry-schedule";
import { SIGNATURE_HEADER, verifyWebhook } from "../../server/services/notifications/webhook-signature";
import { runSchedulingCycle } from "../../server/services/scheduling-cycle";
import { readTenantUsage } from "../../server/repositories/usage-repository";
import { renderPrometheusMetrics } from "../../server/services/prometheus-metrics";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { fieldErrorsOf } from "./helpers/field-errors";
import { QUEUED_FROM_SCRATCH } from "./helpers/queued-job";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";
import { startSmtpReceiver } from "./helpers/smtp-receiver";
import { startWebhookReceiver, type WebhookReceiver } from "./helpers/webhook-receiver";

const t0 = SEED_NOW.getTime() + 60_000;
const at = (s: number) => new Date(t0 + s * 1000);
const deps = { fetch: addressCheckedFetch, timeoutMs: 3000 };
const SECRET = "whsec-integration-test";

describe("notifications", () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let runner: JobRunner;
  let aurora = "";
  let borealis = "";

  beforeEach(async () => {
    database = await createSeededDatabase();
    receiver = await startWebhookReceiver();
    const db = database.db;
    await db.job.updateMany({ where: { status: { in: ["QUEUED", "PLACED", "RUNNING"] } }, data: { status: "CANCELLED", cancelledAt: at(0) } });
    await db.gpuShare.deleteMany({});
    await db.gpu.updateMany({ data: { allocatedMilli: 0 } });
    await db.node.updateMany({ data: { allocatedCpuMilli: 0, allocatedMemoryMib: 0 } });
    await db.tenantGpuQuota.deleteMany({});
    await db.tenantQuota.updateMany({ data: { maxGpus: 1000, maxGpuHoursPerMonth: null, carbonBudgetKgPerMonth: null } });
    await db.systemSetting.upsert({ where: { id: "global" }, create: { id: "global", allowPrivateFeedUrls: true }, update: { allowPrivateFeedUrls: true } });
    aurora = (await db.user.findUniqueOrThrow({ where: { id: demoUserIds.aurora } })).tenantId!;
    borealis = (await db.user.findUniqueOrThrow({ where: { id: demoUserIds.borealis } })).tenantId!;
    runner = createJobRunner(db, { simSpeed: 60, seed: 1, healthEveryMs: 0, reconcileEveryMs: 0 });
  });
  afterEach(async () => {
    await receiver.close();
    await database.drop();
  });

  async function submit(name: string, tenantId: string) {
    const db = database.db;
    const template = await db.job.findFirstOrThrow({ where: { gpuCount: 1, gangSize: 1, gpuMilli: 1000, tenantId } });
    const { id: _id, ...rest } = template;
    const id = `job-notify-${name}`;
    await db.job.create({
      data: {
        ...rest,
        id,
        name,
        idempotencyKey: name,
        ...QUEUED_FROM_SCRATCH,
        priorityClassId: "pc-production",
        priority: (await db.priorityClass.findUniqueOrThrow({ where: { id: "pc-production" } })).priority,
        cpuMilli: 1000,
        memoryMib: 1024,
        gpuCount: 1,
        gpuMilli: 1000,
        allowedGpuModels: [],
        computeUnits: null,
        minGpuMemoryGib: null,
        allowedRegions: ["eu-central"],
        allowSplit: false,
        checkpointIntervalS: 600,
        estimatedDurationS: 600,
        submittedAt: at(0),
      },
    });
    return id;
  }

  const pass = async (s: number) => {
    await produceNotificationEvents(database.db, at(s));
    return deliverDue(database.db, at(s), deps);
  };
  const bodies = (path: string) =>
    receiver.requests
      .filter((r) => r.path === path)
      .map((r) => JSON.parse(r.body) as { type: string; tenant: { id: string } | null; data: { job?: { id: string } } });

  it("delivers job started and finished, signed; a tenant's subscription gets only its own tenant's events", async () => {
    const db = database.db;
    const admin = await callerAs(db, demoUserIds.admin, at(0));
    await admin.notifications.save({
      channel: "webhook",
      email: "",
      name: "Fleet hook",
      tenantId: null,
      url: receiver.url("/fleet"),
      signingSecret: SECRET,
      events: ["job.started", "job.finished"],
      enabled: true,
    });
    await admin.notifications.save({
      channel: "webhook",
      email: "",
      name: "Borealis hook",
      tenantId: borealis,
      url: receiver.url("/borealis"),
      signingSecret: null,
      events: ["job.started"],
      enabled: true,
    });
    // The secret is stored sealed and never listed.
    const listed = await admin.notifications.subscriptions();
    expect(listed.find((s) => s.name === "Fleet hook")).toMatchObject({ hasSigningSecret: true, tenantName: null });
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    expect((await db.notificationSubscription.findFirstOrThrow({ where: { name: "Fleet hook" } })).signingSecret).toMatch(/^enc:v1:/);

    const auroraJob = await submit("aurora-one", aurora);
    await runSchedulingCycle(db, { now: at(1), seed: 7, maxJobs: 100, reconsiderDeferredMs: 0 });
    await runner.advance(at(1));
    expect((await db.job.findUniqueOrThrow({ where: { id: auroraJob } })).status).toBe("RUNNING");
    await pass(2);
    // 600 s of work at 60x: done after 10 wall seconds.
    await runner.advance(at(15));
    expect((await db.job.findUniqueOrThrow({ where: { id: auroraJob } })).status).toBe("SUCCEEDED");
    await pass(16);
    await pass(17);

    const fleet = receiver.requests.filter((r) => r.path === "/fleet");
    expect(fleet.map((r) => JSON.parse(r.body).type)).toEqual(["job.started", "job.finished"]);
    for (const r of fleet) {
      expect(JSON.parse(r.body).data.job.id).toBe(auroraJob);
      expect(verifyWebhook(SECRET, r.body, r.headers[SIGNATURE_HEADER.toLowerCase()] as string, at(16).getTime())).toBe(true);
      expect(verifyWebhook("another-secret", r.body, r.headers[SIGNATURE_HEADER.toLowerCase()] as string, at(16).getTime())).toBe(false);
    }
    // Borealis's subscription heard nothing of Aurora's job, and is not signed.
    expect(bodies("/borealis")).toEqual([]);

    const borealisJob = await submit("borealis-one", borealis);
    await runSchedulingCycle(db, { now: at(20), seed: 7, maxJobs: 100, reconsiderDeferredMs: 0 });
    await runner.advance(at(20));
    await pass(21);
    const heard = bodies("/borealis");
    expect(heard.map((b) => [b.type, b.data.job?.id, b.tenant?.id])).toEqual([["job.started", borealisJob, borealis]]);
    expect(receiver.requests.find((r) => r.path === "/borealis")!.headers[SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();

    // Every attempt is recorded and counted in the metric.
    const deliveries = await admin.notifications.deliveries();
    expect(
      deliveries
        .filter((d) => d.status === "DELIVERED")
        .map((d) => d.subscriptionName)
        .sort(),
    ).toEqual(["Borealis hook", "Fleet hook", "Fleet hook", "Fleet hook"]);
    expect(await renderPrometheusMetrics(db)).toContain('verdant_notifications_delivered_total{channel="webhook",outcome="delivered"} 4');
  });

  it("records three attempts when the receiver fails twice, waiting out the back-off; an admin retries a delivery out of attempts", async () => {
    const db = database.db;
    const admin = await callerAs(db, demoUserIds.admin, at(0));
    const { id } = await admin.notifications.save({
      channel: "webhook",
      email: "",
      name: "Flaky",
      tenantId: null,
      url: receiver.url(),
      signingSecret: null,
      events: ["job.failed"],
      enabled: true,
    });
    receiver.script.push(500, 503);
    const first = await admin.notifications.sendTest({ id });
    expect(first).toMatchObject({ attempted: 1, delivered: 0 });
    // Not due again until 30 s later, then 60 s after the second failure.
    expect((await deliverDue(db, at(29), deps)).attempted).toBe(0);
    expect((await deliverDue(db, at(30), deps)).attempted).toBe(1);
    expect((await deliverDue(db, at(89), deps)).attempted).toBe(0);
    expect(await deliverDue(db, at(90), deps)).toMatchObject({ attempted: 1, delivered: 1 });
    const [delivery] = await admin.notifications.deliveries();
    expect(delivery).toMatchObject({ status: "DELIVERED", attemptCount: 3, kind: "test", subscriptionName: "Flaky" });
    expect(delivery!.attempts.map((a) => [a.httpStatus, a.ok, a.at.getTime()])).toEqual([
      [200, true, at(90).getTime()],
      [503, false, at(30).getTime()],
      [500, false, at(0).getTime()],
    ]);
    expect(delivery!.attempts[1]!.error).toContain("HTTP 503");
    expect(receiver.requests).toHaveLength(3);

    // Always failing: FAILED after the last attempt; an admin's retry sends it again at once.
    receiver.script.push(...Array<number>(MAX_DELIVERY_ATTEMPTS).fill(500));
    const admin2 = await callerAs(db, demoUserIds.admin, at(200));
    await admin2.notifications.sendTest({ id });
    for (let s = 200, i = 1; i < MAX_DELIVERY_ATTEMPTS; i++) {
      s += 3600;
      await deliverDue(db, at(s), deps);
    }
    const failed = (await admin2.notifications.deliveries())[0]!;
    expect(failed).toMatchObject({ status: "FAILED", attemptCount: MAX_DELIVERY_ATTEMPTS, nextAttemptAt: null });
    await expect(admin2.notifications.retry({ id: delivery!.id })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    expect(await admin2.notifications.retry({ id: failed.id })).toMatchObject({ attempted: 1, delivered: 1 });
    expect((await admin2.notifications.deliveries())[0]).toMatchObject({ id: failed.id, status: "DELIVERED" });
  });

  it("fires the 80 % GPU-hours quota event once per tenant and month", async () => {
    const db = database.db;
    const admin = await callerAs(db, demoUserIds.admin, at(0));
    await admin.notifications.save({
      channel: "webhook",
      email: "",
      name: "Quota",
      tenantId: null,
      url: receiver.url(),
      signingSecret: null,
      events: ["tenant.quota-80"],
      enabled: true,
    });
    const monthStart = new Date(Date.UTC(at(0).getUTCFullYear(), at(0).getUTCMonth(), 1));
    // A finished 8-GPU, 10-hour job this month: 80 GPU-hours.
    const template = await db.job.findFirstOrThrow({ where: { tenantId: aurora } });
    const { id: _id, ...rest } = template;
    await db.job.create({
      data: {
        ...rest,
        id: "job-notify-usage",
        idempotencyKey: "job-notify-usage",
        status: "SUCCEEDED",
        gpuCount: 8,
        gpuMilli: 1000,
        gangSize: 1,
        startedAt: new Date(monthStart.getTime() + 3600_000),
        finishedAt: new Date(monthStart.getTime() + 11 * 3600_000),
        placedAt: new Date(monthStart.getTime() + 3600_000),
      },
    });
    const used = (await readTenantUsage(db, aurora, monthStart, at(1))).gpuHours;
    expect(used).toBeGreaterThanOrEqual(80);
    await db.tenantQuota.update({ where: { tenantId: aurora }, data: { maxGpuHoursPerMonth: Math.floor(used / 0.85) } });
    // Borealis is far below its limit.
    await db.tenantQuota.update({ where: { tenantId: borealis }, data: { maxGpuHoursPerMonth: 1_000_000 } });

    for (const s of [1, 2, 120]) await pass(s);
    const heard = bodies("/hook");
    expect(heard.map((b) => [b.type, b.tenant?.id])).toEqual([["tenant.quota-80", aurora]]);
    expect(await db.notificationEvent.count({ where: { kind: "tenant.quota-80" } })).toBe(1);
  });

  it("refuses bad subscriptions naming the field, and anyone but an admin", async () => {
    const db = database.db;
    const admin = await callerAs(db, demoUserIds.admin, at(0));
    const good = {
      channel: "webhook" as const,
      email: "",
      name: "Hook",
      tenantId: null,
      url: receiver.url(),
      signingSecret: null,
      events: ["job.started" as const],
      enabled: true,
    };
    await db.systemSetting.update({ where: { id: "global" }, data: { allowPrivateFeedUrls: false } });
    expect((await fieldErrorsOf(() => admin.notifications.save(good))).url).toMatch(/webhook URL may not point inside the network/);
    expect((await fieldErrorsOf(() => admin.notifications.save({ ...good, url: "http://169.254.169.254/latest" }))).url).toMatch(/inside the network/);
    expect((await fieldErrorsOf(() => admin.notifications.save({ ...good, url: "ftp://example.com/x" }))).url).toBe("Enter an http:// or https:// URL.");
    expect((await fieldErrorsOf(() => admin.notifications.save({ ...good, url: "http://203.0.113.9/hook", events: [] }))).events).toBe(
      "Choose at least one event.",
    );
    expect(
      (await fieldErrorsOf(() => admin.notifications.save({ ...good, url: "http://203.0.113.9/hook", tenantId: aurora, events: ["feed.stale"] }))).events,
    ).toMatch(/only that tenant's events/);
    expect(await db.notificationSubscription.count()).toBe(0);
    for (const user of [demoUserIds.operator, demoUserIds.aurora]) {
      const caller = await callerAs(db, user, at(0));
      await expect(caller.notifications.subscriptions()).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.notifications.save({ ...good, url: "http://203.0.113.9/hook" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });

  it("mails an event through the outgoing mail server, recording its reply and a refusal", async () => {
    const db = database.db;
    const smtp = await startSmtpReceiver();
    try {
      const admin = await callerAs(db, demoUserIds.admin, at(0));
      const { id } = await admin.notifications.save({
        channel: "email",
        email: "oncall@aurora.example",
        url: "",
        name: "On-call mail",
        tenantId: aurora,
        signingSecret: null,
        events: ["job.failed"],
        enabled: true,
      });
      // Without a mail server the attempt fails saying so.
      expect(await admin.notifications.sendTest({ id })).toMatchObject({ attempted: 1, delivered: 0 });
      expect((await admin.notifications.deliveries())[0]!.attempts[0]!.error).toMatch(/no outgoing mail server is set/);

      expect(
        await fieldErrorsOf(() => admin.notifications.saveSmtp({ host: "", port: 0, secure: false, fromAddress: "nope", username: "", password: null })),
      ).toMatchObject({
        host: "Enter the mail server's host name.",
        port: "Use a port from 1 to 65535.",
        fromAddress: "Enter the sender's address such as verdant@example.com.",
      });
      await admin.notifications.saveSmtp({
        host: "127.0.0.1",
        port: smtp.port,
        secure: false,
        fromAddress: "verdant@fleet.example",
        username: "mailer",
        password: "mail-pass-1",
      });
      expect(await admin.notifications.smtp()).toMatchObject({ host: "127.0.0.1", username: "mailer", hasPassword: true });
      expect(JSON.stringify(await admin.notifications.smtp())).not.toContain("mail-pass-1");
      expect((await db.smtpSetting.findUniqueOrThrow({ where: { id: "global" } })).password).toMatch(/^enc:v1:/);

      expect(await admin.notifications.sendTest({ id })).toMatchObject({ attempted: 1, delivered: 1 });
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toMatchObject({ from: "verdant@fleet.example", to: ["oncall@aurora.example"], auth: "mailer:mail-pass-1" });
      expect(smtp.mails[0]!.data).toContain("Subject: [Verdant] A test event for On-call mail.");
      const sent = (await admin.notifications.deliveries())[0]!;
      expect(sent).toMatchObject({ status: "DELIVERED", channel: "email" });
      expect(sent.attempts[0]).toMatchObject({ ok: true, httpStatus: null, smtpResponse: expect.stringContaining("250 2.0.0 queued as test-1") });

      smtp.rejectNext = 1;
      expect(await admin.notifications.sendTest({ id })).toMatchObject({ attempted: 1, delivered: 0 });
      const refused = (await admin.notifications.deliveries())[0]!;
      expect(refused).toMatchObject({ status: "PENDING", attemptCount: 1 });
      expect(refused.attempts[0]!.smtpResponse).toContain("554 5.7.1");
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
