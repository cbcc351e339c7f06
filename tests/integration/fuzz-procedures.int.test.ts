// Fuzzes every procedure of the app router that takes input, as an admin, an operator and a tenant
// member, through the server-side caller on a throwaway clone of the seeded database: free-form
// hostile values, values shaped like the procedure's input schema (seeded ids mixed in so lookups
// hit real rows), and shaped values with one part swapped for something hostile. Any tRPC error
// code is an acceptable answer except INTERNAL_SERVER_ERROR: that is a 500 and a bug to fix.
import fc from "fast-check";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { appRouter } from "../../server/api/root";
import { callerAs, demoUserIds } from "./helpers/callers";
import { SEED_NOW } from "./helpers/constants";
import { hostileValue, mutated, shaped, type ShapeOptions } from "./helpers/fuzz-arbitraries";
import { createSeededDatabase, type TestDatabase } from "./helpers/test-database";

/** Inputs per procedure and role, in three equal parts: hostile, shaped, shaped-then-mutated. */
const RUNS_PER_ROLE = Number(process.env.FUZZ_RUNS_PER_ROLE ?? 78);
/** Fixed by default so a failure reproduces; set FUZZ_SEED to explore other inputs. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/**
 * Procedures left out on purpose, with the reason. Everything else that takes input is fuzzed;
 * procedures without input (lists, `auth.me`, `auth.signOut`) have nothing to fuzz.
 */
const EXCLUDED: Record<string, string> = {};

interface ProcedureDef {
  type: "query" | "mutation" | "subscription";
  inputs: z.core.$ZodType[];
}

type Caller = Awaited<ReturnType<typeof callerAs>>;

function procedureOf(caller: Caller, path: string): (input: unknown) => Promise<unknown> {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (input: unknown) => Promise<unknown>;
}

function summary(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) =>
      typeof v === "bigint" ? `${v}n` : typeof v === "string" && v.length > 80 ? `${v.slice(0, 40)}…(${v.length} chars)` : v,
    );
    return text === undefined ? String(value) : text.length > 400 ? `${text.slice(0, 400)}…` : text;
  } catch {
    return String(value);
  }
}

describe("fuzzing every procedure", () => {
  let test: TestDatabase;
  const callers: Record<"admin" | "operator" | "tenant", Caller> = {} as never;
  let options: ShapeOptions;

  beforeAll(async () => {
    test = await createSeededDatabase();
    const now = new Date(SEED_NOW.getTime() + 60_000);
    callers.admin = await callerAs(test.db, demoUserIds.admin, now);
    callers.operator = await callerAs(test.db, demoUserIds.operator, now);
    callers.tenant = await callerAs(test.db, demoUserIds.aurora, now);
    // Real ids make shaped inputs reach rows; the three callers' own user ids are left out, so a
    // fuzzed delete or disable never removes the user a long-lived test caller acts as.
    const callerIds = new Set<string>(Object.values(demoUserIds).slice(0, 3));
    const [users, jobs, clusters, tenants, models, zones, decisions, feeds] = await Promise.all([
      test.db.user.findMany({ select: { id: true }, take: 6 }),
      test.db.job.findMany({ select: { id: true }, take: 6, orderBy: { id: "asc" } }),
      test.db.cluster.findMany({ select: { id: true, name: true, region: true }, take: 4 }),
      test.db.tenant.findMany({ select: { id: true, slug: true }, take: 3 }),
      test.db.gpuModel.findMany({ select: { id: true }, take: 4 }),
      test.db.gridZone.findMany({ select: { id: true }, take: 4 }),
      test.db.decision.findMany({ select: { id: true }, take: 3 }),
      test.db.carbonFeed.findMany({ select: { id: true }, take: 2 }),
    ]);
    const ids = [
      ...users.map((u) => u.id).filter((id) => !callerIds.has(id)),
      ...jobs.map((j) => j.id),
      ...clusters.flatMap((c) => [c.id, c.name, c.region]),
      ...tenants.flatMap((t) => [t.id, t.slug]),
      ...models.map((m) => m.id),
      ...zones.map((z) => z.id),
      ...decisions.map((d) => String(d.id)),
      ...feeds.map((f) => f.id),
      "scenario-small-openb-day.json",
      "UTC",
      "Europe/Berlin",
    ];
    options = { ids, now };
  });
  afterAll(() => test.drop());

  it("answers no input of any procedure with an internal error", { timeout: 600_000 }, async () => {
    const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: ProcedureDef }> }).procedures;
    const withInput = Object.entries(procedures).filter(([, p]) => p._def.inputs.length > 0);
    const withoutInput = Object.keys(procedures).filter((path) => procedures[path]!._def.inputs.length === 0);
    const fuzzed = withInput.filter(([path]) => !(path in EXCLUDED));
    expect(fuzzed.length).toBeGreaterThan(30);

    const internal: string[] = [];
    const outcomes: Record<string, number> = {};
    const slowest: { path: string; ms: number }[] = [];
    let inputs = 0;
    const started = Date.now();
    const perThird = Math.ceil(RUNS_PER_ROLE / 3);
    for (const [index, [path, procedure]] of fuzzed.entries()) {
      const schema = procedure._def.inputs[0]!;
      const procedureStarted = Date.now();
      for (const [role, caller] of Object.entries(callers)) {
        const seed = SEED + index * 7 + role.length;
        const samples = [
          ...fc.sample(hostileValue(), { numRuns: perThird, seed }),
          ...fc.sample(shaped(schema, options), { numRuns: perThird, seed: seed + 1 }),
          ...fc.sample(mutated(schema, options), { numRuns: perThird, seed: seed + 2 }),
        ];
        const call = procedureOf(caller, path);
        for (const input of samples) {
          inputs++;
          let outcome = "OK";
          try {
            await call(input);
          } catch (error) {
            outcome = error instanceof TRPCError ? error.code : "NOT_A_TRPC_ERROR";
            if (!(error instanceof TRPCError)) internal.push(`${path} as ${role}: non-tRPC ${String(error)} for ${summary(input)}`);
            else if (error.code === "INTERNAL_SERVER_ERROR")
              internal.push(`${path} as ${role}: ${error.message.split("\n").slice(-3).join(" ")} for ${summary(input)}`);
          }
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        }
      }
      slowest.push({ path, ms: Date.now() - procedureStarted });
    }
    slowest.sort((a, b) => b.ms - a.ms);
    console.log(
      `fuzz: ${inputs} inputs over ${fuzzed.length} procedures x 3 roles in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}); ` +
        `${internal.length} internal errors; outcomes ${JSON.stringify(outcomes)}; slowest ${slowest
          .slice(0, 4)
          .map((p) => `${p.path} ${(p.ms / 1000).toFixed(1)} s`)
          .join(", ")}; without input (not fuzzed): ${withoutInput.join(", ")}; excluded: ${Object.keys(EXCLUDED).join(", ") || "none"}`,
    );
    expect(internal.slice(0, 25)).toEqual([]);
    expect(inputs).toBeGreaterThanOrEqual(10_000);
    // The shaped inputs must get past validation often enough to exercise services and the database.
    expect(outcomes.OK ?? 0).toBeGreaterThan(inputs / 20);
  });
});
