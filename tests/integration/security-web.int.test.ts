// The web surface under attack: revocable sessions, sign-in limits, tRPC request limits, the
// cross-site guard and the security headers. Requests go through the real tRPC HTTP handler
// (trpcHttpResponse, what /api/trpc runs) with real sealed cookies, against a seeded database.
import { sealData } from "iron-session";
import { NextRequest } from "next/server";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nextConfig from "../../next.config.js";
import { proxy } from "../../proxy";
import { MAX_BATCH_SIZE, trpcHttpResponse, type TrpcHttpDeps } from "../../server/api/trpc-http";
import { DEFAULT_BODY_LIMIT_BYTES } from "../../server/security/body-limit";
import { PREVIEW_LIMIT } from "../../server/security/preview-limit";
import { DEFAULT_SIGN_IN_LIMITS } from "../../server/security/sign-in-throttle";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const SITE = "http://verdant.test";
const SECRET = "security-web-test-secret-0123456789abcdef";
const demo = {
  admin: { email: "admin@verdant.example", password: "admin-demo-pass" },
  operator: { email: "operator@verdant.example", password: "operator-demo-pass" },
  aurora: { email: "ada@aurora.example", password: "tenant-demo-pass" },
  borealis: { email: "bo@borealis.example", password: "tenant-demo-pass" },
  cirrus: { email: "cy@cirrus.example", password: "tenant-demo-pass" },
};

interface Call {
  cookie?: string;
  headers?: Record<string, string>;
  /** Replaces the superjson body (to send raw or oversized content). */
  rawBody?: string;
}

describe("web security", () => {
  let database: TestDatabase;
  let deps: TrpcHttpDeps;
  beforeAll(async () => {
    database = await createSeededDatabase();
    deps = {
      db: database.db,
      cookie: { password: SECRET, secure: false },
      trustedProxies: 0,
      allowedOrigins: [],
      now: () => new Date(SEED_NOW.getTime() + 60_000),
    };
  });
  afterAll(() => database.drop());

  /** A mutation as the browser sends it: POST, JSON, Content-Length, this site's Origin. */
  const post = (path: string, input: unknown, call: Call = {}) => {
    const body = call.rawBody ?? JSON.stringify(superjson.serialize(input));
    const headers = {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      origin: SITE,
      ...(call.cookie ? { cookie: call.cookie } : {}),
      ...call.headers,
    };
    return trpcHttpResponse(new Request(`${SITE}/api/trpc/${path}`, { method: "POST", headers, body }), deps);
  };
  const get = (path: string, call: Call = {}) =>
    trpcHttpResponse(new Request(`${SITE}/api/trpc/${path}`, { headers: { ...(call.cookie ? { cookie: call.cookie } : {}), ...call.headers } }), deps);
  const errorOf = async (response: Response) => ((await response.json()) as { error: { json: { message: string } } }).error.json.message;

  /** Signs in through the handler and returns the session cookie it set. */
  async function signIn(who: { email: string; password: string }): Promise<string> {
    const response = await post("auth.signIn", who);
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("verdant_session="));
    expect(setCookie).toMatch(/HttpOnly/i);
    return setCookie!.split(";")[0]!;
  }
  /** Who the cookie signs in as, per auth.me over HTTP (null when signed out). */
  async function me(cookie: string): Promise<string | null> {
    const response = await get("auth.me", { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { data: { json: { id: string } | null } } };
    return body.result.data.json?.id ?? null;
  }

  it("ends existing sessions at once on sign-out (every browser), password reset, role or tenant change and disabling", async () => {
    const admin = await callerAs(database.db, demoUserIds.admin);
    // Sign-out in one browser ends the session of the other browser too.
    const [firstBrowser, secondBrowser] = [await signIn(demo.aurora), await signIn(demo.aurora)];
    expect(await me(secondBrowser)).toBe(demoUserIds.aurora);
    expect((await post("auth.signOut", undefined, { cookie: firstBrowser })).status).toBe(200);
    expect(await me(firstBrowser)).toBeNull();
    expect(await me(secondBrowser)).toBeNull();
    expect(await me(await signIn(demo.aurora))).toBe(demoUserIds.aurora);

    const cirrus = await signIn(demo.cirrus);
    await admin.users.resetPassword({ id: demoUserIds.cirrus, password: "a-brand-new-password" });
    expect(await me(cirrus)).toBeNull();

    // Renaming keeps the session; a new role ends it.
    const operator = await signIn(demo.operator);
    await admin.users.update({ id: demoUserIds.operator, name: "Oli Renamed", role: "OPERATOR", tenantId: null });
    expect(await me(operator)).toBe(demoUserIds.operator);
    await admin.users.update({ id: demoUserIds.operator, name: "Oli Renamed", role: "ADMIN", tenantId: null });
    expect(await me(operator)).toBeNull();

    const borealis = await signIn(demo.borealis);
    await admin.users.update({ id: demoUserIds.borealis, name: "Bo", role: "TENANT_MEMBER", tenantId: "tenant-aurora-labs" });
    expect(await me(borealis)).toBeNull();
    const borealisAgain = await signIn(demo.borealis);
    await admin.users.setDisabled({ id: demoUserIds.borealis, disabled: true });
    expect(await me(borealisAgain)).toBeNull();
    await admin.users.setDisabled({ id: demoUserIds.borealis, disabled: false });
    expect(await me(borealisAgain)).toBeNull();

    // A cookie sealed without a session version (issued before versions existed) is not a session.
    const legacy = await sealData({ userId: demoUserIds.admin, signedInAt: 1 }, { password: SECRET, ttl: 3600 });
    expect(await me(`verdant_session=${legacy}`)).toBeNull();
  });

  it("answers the 6th wrong password for an account with 429, Retry-After and one audit entry", async () => {
    const address = { "x-forwarded-for": "203.0.113.7" };
    const wrong = { email: demo.operator.email, password: "not-the-password" };
    for (let i = 0; i < DEFAULT_SIGN_IN_LIMITS.accountFailures; i++) {
      const response = await post("auth.signIn", wrong, { headers: address });
      expect(response.status).toBe(401);
    }
    const throttled = await post("auth.signIn", wrong, { headers: address });
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_SIGN_IN_LIMITS.windowSeconds);
    expect(await errorOf(throttled)).toMatch(/Too many failed sign-ins for this account/);
    // The right password is refused too until the window ends, from any address.
    const right = await post(
      "auth.signIn",
      { email: "OPERATOR@verdant.example", password: demo.operator.password },
      { headers: { "x-forwarded-for": "198.51.100.1" } },
    );
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
    const audit = await database.db.auditLog.findMany({ where: { action: "auth.sign-in.throttled" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      entityId: demo.operator.email,
      after: { email: demo.operator.email, address: "203.0.113.7", limit: "account" },
    });
  });

  it("refuses an address after 20 failures across accounts, whatever e-mail it tries next", async () => {
    const address = { "x-forwarded-for": "192.0.2.44" };
    for (let i = 0; i < DEFAULT_SIGN_IN_LIMITS.addressFailures; i++) {
      expect((await post("auth.signIn", { email: `guess-${i}@nowhere.example`, password: "guess" }, { headers: address })).status).toBe(401);
    }
    const refused = await post("auth.signIn", demo.cirrus, { headers: address });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatch(/your network address/);
    // Another address is unaffected.
    expect(
      (await post("auth.signIn", { email: demo.aurora.email, password: demo.aurora.password }, { headers: { "x-forwarded-for": "192.0.2.45" } })).status,
    ).toBe(200);
  });

  it(`refuses a batch of more than ${MAX_BATCH_SIZE} calls`, async () => {
    const batch = (n: number) => `${Array.from({ length: n }, () => "auth.me").join(",")}?batch=1&input=${encodeURIComponent("{}")}`;
    expect((await get(batch(MAX_BATCH_SIZE))).status).toBe(200);
    const refused = await get(batch(MAX_BATCH_SIZE + 1));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Batch call exceeds maximum size");
  });

  it("answers 413 to a body over its procedure's limit, with larger limits only for signed-in uploaders", async () => {
    const padding = "x".repeat(DEFAULT_BODY_LIMIT_BYTES);
    const big = await post("auth.signIn", { email: demo.admin.email, password: padding });
    expect(big.status).toBe(413);
    expect(await errorOf(big)).toMatch(/this call accepts at most 1\.0 MiB/);
    // A 2 MiB node list: too big for an anonymous caller, within the admin's upload limit.
    const nodes = { clusterId: "any", fileName: "nodes.csv", csv: `sn,cpu_milli,memory_mib,gpu,model\n${"n,1000,1024,0,\n".repeat(150_000)}` };
    expect((await post("clusterAdmin.previewImport", nodes)).status).toBe(413);
    const admin = await signIn(demo.admin);
    expect((await post("clusterAdmin.previewImport", nodes, { cookie: admin })).status).not.toBe(413);
    // A body of unstated length could be any size: refused before it is read.
    const chunked = new Request(`${SITE}/api/trpc/auth.signIn`, { method: "POST", headers: { "content-type": "application/json", origin: SITE }, body: "{}" });
    expect((await trpcHttpResponse(chunked, deps)).status).toBe(411);
  });

  it(`refuses the preview after ${PREVIEW_LIMIT.points} in ${PREVIEW_LIMIT.windowSeconds} s per tenant, other tenants unaffected`, async () => {
    const job = {
      idempotencyKey: "preview-limit",
      name: "limit-check",
      kind: "TRAINING" as const,
      cpuMilli: 4000,
      memoryMib: 8192,
      gpuCount: 1,
      gpuMilli: 1000,
      gangSize: 1,
      estimatedDurationS: 3600,
      priority: 3,
    };
    const cirrus = await callerAs(database.db, demoUserIds.cirrus);
    const started = Date.now();
    await expect(cirrus.jobs.preview(job)).resolves.toHaveProperty("outcome");
    // The limit is taken before the input is parsed, so invalid calls count too (and are quick,
    // keeping all of them inside one window on a slow machine).
    for (let i = 1; i < PREVIEW_LIMIT.points; i++) await expect(cirrus.jobs.preview({ ...job, gpuCount: -1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(cirrus.jobs.preview(job)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/more than 10 previews in 10 seconds/),
    });
    expect(Date.now() - started).toBeLessThan(PREVIEW_LIMIT.windowSeconds * 1000);
    const aurora = await callerAs(database.db, demoUserIds.aurora);
    await expect(aurora.jobs.preview(job)).resolves.toHaveProperty("outcome");
  });

  it("refuses mutations from foreign pages or from no page with 403, before anything runs", async () => {
    const cookie = await signIn(demo.aurora);
    const forged = await post("auth.signOut", undefined, { cookie, headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("https://evil.example may not change data");
    // A classic cross-site form post (urlencoded, no tRPC body) is refused by the same check.
    const form = new Request(`${SITE}/api/trpc/auth.signOut`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "3", origin: "https://evil.example", cookie },
      body: "a=b",
    });
    expect((await trpcHttpResponse(form, deps)).status).toBe(403);
    const noOrigin = await post("auth.signOut", undefined, { cookie, headers: { origin: "" } });
    expect(noOrigin.status).toBe(403);
    expect(await me(cookie)).not.toBeNull();
    // Same-site Referer (no Origin) and a configured extra origin are accepted.
    const sameSite = await post("auth.signIn", demo.aurora, { headers: { origin: "", referer: `${SITE}/sign-in` } });
    expect(sameSite.status).toBe(200);
    deps.allowedOrigins = ["https://verdant.example.com"];
    expect((await post("auth.signIn", demo.aurora, { headers: { origin: "https://verdant.example.com" } })).status).toBe(200);
    deps.allowedOrigins = [];
  });

  it("sends the security headers and a nonce-based Content-Security-Policy on pages", async () => {
    const rules = await nextConfig.headers!();
    const all = Object.fromEntries(rules.find((r) => r.source === "/:path*")!.headers.map((h) => [h.key.toLowerCase(), h.value]));
    expect(all).toMatchObject({ "x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" });
    expect(rules.find((r) => r.source === "/api/:path*")!.headers[0]).toEqual({
      key: "Content-Security-Policy",
      value: "default-src 'none'; frame-ancestors 'none'",
    });
    const policies = [proxy(new NextRequest(`${SITE}/admin/users`)), proxy(new NextRequest(`${SITE}/sign-in`))].map((r) =>
      r.headers.get("content-security-policy")!,
    );
    const nonces = policies.map((p) => /'nonce-([^']+)'/.exec(p)?.[1]);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(policies[0]).toContain("frame-ancestors 'none'");
    expect(policies[0]).not.toContain("unsafe-eval");
    expect(policies[0]).toMatch(/script-src [^;]*'strict-dynamic'/);
  });
});
