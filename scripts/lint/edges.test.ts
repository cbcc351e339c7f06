/**
 * The layer edges of eslint.config.js, checked against the real configuration: each row lints one
 * import or query at a given path and expects the edge rule to fire, or to stay quiet for the forms
 * the layering allows. A rule that stops matching (a moved folder, a changed pattern) fails here.
 */
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  // Loading the configuration and the TypeScript parser takes seconds; do it once before the rows.
  await eslint.lintText("", { filePath: "server/services/x.ts" });
}, 60_000);

/** Rule ids reported for `code` as if it were the file at `path`. */
async function edgeRules(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const use = x;\n`, { filePath: path });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message).filter((id) => id === "no-restricted-imports" || id === "no-restricted-syntax");
}

describe("layer edges", () => {
  it.each([
    ["a deep relative engine import from a service", "server/services/x.ts", 'import { x } from "../engine/coordinator/agent";'],
    ["a deep aliased engine import from a page", "app/x/page.tsx", 'import { x } from "@/server/engine/sim/types";'],
    ["a deep engine import from a script", "scripts/sim/x.ts", 'import { x } from "../../server/engine/carbon/series";'],
    ["the API layer from a service", "server/services/x.ts", 'import { x } from "../api/trpc";'],
    ["the API layer from a repository", "server/repositories/x.ts", 'import { x } from "@/server/api/trpc";'],
    ["a repository from a router", "server/api/routers/x.ts", 'import { x } from "../../repositories/job-repository";'],
    ["the seed from a service", "server/services/x.ts", 'import { x } from "../seed/demo-fleet";'],
    ["the seed from a component", "components/x/y.tsx", 'import { x } from "@/server/seed/demo-catalog";'],
    ["the seed from a script other than seed and start", "scripts/x.ts", 'import { x } from "../server/seed/seed-demo";'],
    ["Prisma types in a service", "server/services/x.ts", 'import type { x } from "../db/generated/client";'],
    ["Prisma types in a router", "server/api/routers/x.ts", 'import type { x } from "../../db/generated/client";'],
    ["a model query in a service", "server/services/x.ts", "const x = (db: any) => db.job.findMany();"],
    ["a model query through a transaction in a service", "server/services/x.ts", "const x = (tx: any) => tx.decision.create({});"],
    ["raw SQL in a service", "server/services/x.ts", "const x = (db: any) => db.$queryRaw`SELECT 1`;"],
    ["a model query through the context in a router", "server/api/routers/x.ts", "const x = (ctx: any) => ctx.db.cluster.findMany();"],
    ["a model query on the process client in a page", "app/x/page.tsx", "declare const db: () => any;\nconst x = db().user.findMany();"],
  ])("refuses %s", async (_what, path, code) => {
    expect(await edgeRules(path, code)).not.toEqual([]);
  });

  it.each([
    ["the engine index by relative path", "server/services/x.ts", 'import { x } from "../engine";'],
    ["the engine index by its file name", "server/accounting/x.ts", 'import { x } from "../engine/index";'],
    ["the engine index by alias", "components/x/y.tsx", 'import { x } from "@/server/engine";'],
    ["engine internals from inside the engine", "server/engine/coordinator/x.ts", 'import { x } from "../carbon/series";'],
    ["shared input schemas from a service", "server/services/x.ts", 'import { x } from "../schemas/job-submit";'],
    ["a service from a router", "server/api/routers/x.ts", 'import { x } from "../../services/job-service";'],
    ["a repository from a service", "server/services/x.ts", 'import { x } from "../repositories/job-repository";'],
    ["Prisma types in a repository", "server/repositories/x.ts", 'import type { x } from "../db/generated/client";'],
    ["a model query in a repository", "server/repositories/x.ts", "const x = (db: any) => db.job.findMany();"],
    ["a transaction opened by a service", "server/services/x.ts", "const x = (db: any) => db.$transaction(async () => 1);"],
    ["the seed from the seed script", "scripts/seed.ts", 'import { x } from "../server/seed/seed-demo";'],
    ["the seed from the demo start script", "scripts/start.ts", 'import { x } from "../server/seed/demo-catalog";'],
    [
      "the seed and Prisma types from a test",
      "tests/integration/x.int.test.ts",
      'import { x } from "../../server/seed/seed-demo";\nimport type { y } from "../../server/db/generated/client";',
    ],
    ["an npm package whose name ends in api", "server/services/x.ts", 'import { x } from "@opentelemetry/api";'],
  ])("allows %s", async (_what, path, code) => {
    expect(await edgeRules(path, code)).toEqual([]);
  });
});
