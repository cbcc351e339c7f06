// Personal API tokens through the real tRPC HTTP handler (what /api/trpc runs): a token acts as its
// user with that user's role and tenant, is stored only as a hash, cannot mint tokens, and a revoked,
// expired, unknown or malformed token is refused with 401 and a sentence saying why.
import { createHash } from "node:crypto";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trpcHttpResponse, type TrpcHttpDeps } from "../../server/api/trpc-http";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

const SITE = "http://verdant.test";
const NOW = new Date(SEED_NOW.getTime() + 60_000);
const DAY_MS = 24 * 3600_000;

type Caller = Awaited<ReturnType<typeof callerAs>>;

describe("API tokens", () => {
  let database: TestDatabase;
  let deps: TrpcHttpDeps;
  let aurora: Caller;
  let auroraSecret: string;
  beforeAll(async () => {
    database = await createSeededDatabase();
    deps = {
      db: database.db,
      cookie: { password: "api-token-test-secret-0123456789abcdef", secure: false },
      trustedProxies: 0,
      allowedOrigins: [],
      now: () => NOW,
    };
    aurora = await callerAs(database.db, demoUserIds.aurora, NOW);
    auroraSecret = (await aurora.apiTokens.create({ name: "laptop", expiresInDays: 30 })).secret;
  });
  afterAll(() => database.drop());

  /** A script's mutation: POST with the bearer token and no Origin (no browser page sent it). */
  const post = (path: string, input: unknown, token: string | null, headers: Record<string, string> = {}) => {
    const body = JSON.stringify(superjson.serialize(input));
    return trpcHttpResponse(
      new Request(`${SITE}/api/trpc/${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body,
      }),
      deps,
    );
  };
  const get = (path: string, input: unknown, token: string | null, headers: Record<string, string> = {}) => {
    const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    return trpcHttpResponse(
      new Request(`${SITE}/api/trpc/${path}${query}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
      deps,
    );
  };
  const dataOf = async <T>(response: Response) => superjson.deserialize<T>(((await response.json()) as { result: { data: never } }).result.data);
  const errorOf = async (response: Response) => ((await response.json()) as { error: { json: { message: string; data: { code: string } } } }).error.json;

  it("stores only the SHA-256 of the secret, shows the secret once and audits the creation", async () => {
    expect(auroraSecret).toMatch(/^vdt_[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.apiToken.findMany({ where: { userId: demoUserIds.aurora } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash("sha256").update(auroraSecret).digest("hex"));
    expect(rows[0]!.prefix).toBe(auroraSecret.slice(0, 8));
    expect(rows[0]!.expiresAt?.getTime()).toBe(NOW.getTime() + 30 * DAY_MS);
    // The secret is nowhere in the database: not in the token row, not in the audit log.
    const audit = await database.db.auditLog.findMany({ where: { entityType: "ApiToken" } });
    expect(audit.map((a) => a.action)).toEqual(["apiToken.create"]);
    expect(JSON.stringify([rows, audit], (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value))).not.toContain(auroraSecret.slice(8));
    // The list shows the token without its secret or hash.
    const listed = await aurora.apiTokens.list();
    expect(listed.map((t) => t.name)).toEqual(["laptop"]);
    expect(JSON.stringify(listed)).not.toContain(rows[0]!.tokenHash);
  });

  it("acts as its user: same role and tenant, a mutation without Origin, and the use recorded", async () => {
    const me = await dataOf<{ id: string; role: string; tenantId: string }>(await get("auth.me", undefined, auroraSecret));
    expect(me).toMatchObject({ id: demoUserIds.aurora, role: "TENANT_MEMBER", tenantId: "tenant-aurora-labs" });
    const submitted = await post(
      "jobs.submit",
      {
        idempotencyKey: "token-submit-1",
        name: "token-job",
        kind: "BATCH",
        cpuMilli: 1000,
        memoryMib: 1024,
        gpuCount: 1,
        gpuMilli: 1000,
        gangSize: 1,
        estimatedDurationS: 3600,
      },
      auroraSecret,
    );
    expect(submitted.status).toBe(200);
    const { jobId } = await dataOf<{ jobId: string }>(submitted);
    expect(await database.db.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({
      tenantId: "tenant-aurora-labs",
      submittedById: demoUserIds.aurora,
    });
    const token = await database.db.apiToken.findFirstOrThrow({ where: { userId: demoUserIds.aurora } });
    expect(token.lastUsedAt?.getTime()).toBe(NOW.getTime());
    // Without a token (and without a cookie) the same call is anonymous and refused.
    expect((await get("jobs.mine", {}, null)).status).toBe(401);
  });

  it("a tenant's token cannot see another tenant's job nor call operator or admin procedures", async () => {
    const other = await database.db.job.findFirstOrThrow({ where: { tenantId: { not: "tenant-aurora-labs" } } });
    for (const path of ["queue.job", "jobs.get"]) {
      const response = await get(path, { id: other.id }, auroraSecret);
      expect(response.status).toBe(404);
    }
    const mine = await dataOf<{ rows: { tenant: { id: string } }[] }>(await get("jobs.mine", { pageSize: 200 }, auroraSecret));
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(new Set(mine.rows.map((r) => r.tenant.id))).toEqual(new Set(["tenant-aurora-labs"]));
    expect((await get("jobs.list", {}, auroraSecret)).status).toBe(403);
    expect((await get("users.list", {}, auroraSecret)).status).toBe(403);
    // An admin's token may do what the admin may.
    const admin = await callerAs(database.db, demoUserIds.admin, NOW);
    const adminSecret = (await admin.apiTokens.create({ name: "admin-script", expiresInDays: null })).secret;
    expect((await get("users.list", {}, adminSecret)).status).toBe(200);
    expect((await get("jobs.get", { id: other.id }, adminSecret)).status).toBe(200);
  });

  it("a token cannot create, list or revoke tokens (no escalation)", async () => {
    const before = await database.db.apiToken.count();
    const created = await post("apiTokens.create", { name: "successor", expiresInDays: null }, auroraSecret);
    expect(created.status).toBe(403);
    expect((await errorOf(created)).message).toMatch(/API tokens cannot manage API tokens/);
    expect((await get("apiTokens.list", undefined, auroraSecret)).status).toBe(403);
    const own = await database.db.apiToken.findFirstOrThrow({ where: { userId: demoUserIds.aurora } });
    expect((await post("apiTokens.revoke", { id: own.id }, auroraSecret)).status).toBe(403);
    expect(await database.db.apiToken.count()).toBe(before);
  });

  it("refuses a revoked token with 401 saying so, and ignores a cookie sent beside a bad token", async () => {
    const { token, secret } = await aurora.apiTokens.create({ name: "ci", expiresInDays: 7 });
    expect((await get("auth.me", undefined, secret)).status).toBe(200);
    // Another user cannot revoke it.
    const borealis = await callerAs(database.db, demoUserIds.borealis, NOW);
    await expect(borealis.apiTokens.revoke({ id: token.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const revoked = await aurora.apiTokens.revoke({ id: token.id });
    expect(revoked.revokedAt?.getTime()).toBe(NOW.getTime());
    const refused = await post("jobs.cancel", { id: "whatever" }, secret);
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).message).toMatch(/^This API token \("ci"\) was revoked at .* UTC/);
    expect(
      await database.db.auditLog.count({ where: { entityType: "ApiToken", entityId: token.id, action: "apiToken.revoke", actorId: demoUserIds.aurora } }),
    ).toBe(1);
    // Revoking again changes nothing and audits nothing more.
    await aurora.apiTokens.revoke({ id: token.id });
    expect(await database.db.auditLog.count({ where: { entityId: token.id, action: "apiToken.revoke" } })).toBe(1);

    // A browser's valid session cookie does not rescue a request whose token is bad.
    const body = JSON.stringify(superjson.serialize({ email: "ada@aurora.example", password: "tenant-demo-pass" }));
    const signIn = await trpcHttpResponse(
      new Request(`${SITE}/api/trpc/auth.signIn`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), origin: SITE },
        body,
      }),
      deps,
    );
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("verdant_session="))!
      .split(";")[0]!;
    expect((await get("auth.me", undefined, null, { cookie })).status).toBe(200);
    expect((await get("auth.me", undefined, secret, { cookie })).status).toBe(401);
  });

  it("refuses an expired token, an unknown one and a malformed header with 401 and why", async () => {
    const { secret } = await aurora.apiTokens.create({ name: "short", expiresInDays: 7 });
    expect((await get("auth.me", undefined, secret)).status).toBe(200);
    const later = { ...deps, now: () => new Date(NOW.getTime() + 7 * DAY_MS) };
    const expired = await trpcHttpResponse(new Request(`${SITE}/api/trpc/auth.me`, { headers: { authorization: `Bearer ${secret}` } }), later);
    expect(expired.status).toBe(401);
    expect((await errorOf(expired)).message).toMatch(/^This API token \("short"\) expired at .* UTC/);

    const unknown = await get("auth.me", undefined, `vdt_${"A".repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).message).toMatch(/no such token was issued/);
    const malformed = await get("auth.me", undefined, null, { authorization: "Basic YWRhOnBhc3M=" });
    expect(malformed.status).toBe(401);
    expect((await errorOf(malformed)).message).toMatch(/Bearer vdt_/);
  });

  it("validates the form with messages naming the field and writes nothing for bad input", async () => {
    const before = await database.db.apiToken.count();
    await expect(aurora.apiTokens.create({ name: "  ", expiresInDays: 30 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(aurora.apiTokens.create({ name: "x", expiresInDays: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(aurora.apiTokens.create({ name: "y".repeat(61), expiresInDays: 30 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await database.db.apiToken.count()).toBe(before);
  });
});
