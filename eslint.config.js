// Lint rules. The engine block enforces the purity rule of server/engine: no framework, database or
// Node imports, and no direct clock or randomness (both are injected so decisions are replayable).
// The edge blocks after it hold the layering (docs/architecture.md): forms and pages -> tRPC routers
// -> services -> repositories -> Prisma, with the engine reached only through its index.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

// Import restrictions, one per edge. ESLint applies only the last matching block's setting of a rule,
// so each block below lists every restriction of its folder rather than adding to an earlier one.
const EDGE = {
  // `../engine`, `../../server/engine`, `@/server/engine` and `.../engine/index` pass; any deeper path fails.
  engineIndexOnly: {
    regex: "^((\\.{1,2}/)+(server/)?|@/server/)engine/(?!index$)",
    message: "Import the engine only through server/engine/index.ts; export what you need from there.",
  },
  // Tests may also build inputs with the engine's own pure test fixtures.
  engineIndexOrFixtures: {
    regex: "^((\\.{1,2}/)+(server/)?|@/server/)engine/(?!index$|test-support$|coordinator/test-fixtures$|sim/sim-fixture$)",
    message: "Import the engine only through server/engine/index.ts (tests may add its test fixtures); export what you need from there.",
  },
  noApi: {
    regex: "^((\\.{1,2}/)+(server/)?|@/server/)api(/|$)",
    message: "Services and repositories do not depend on the API layer; shared input schemas live in server/schemas.",
  },
  noRepositories: { regex: "^((\\.{1,2}/)+(server/)?|@/server/)repositories(/|$)", message: "Routers call services; a service reaches the repositories." },
  noSeed: {
    regex: "^((\\.{1,2}/)+(server/)?|@/server/)seed(/|$)",
    message: "Production code does not import the demo seed; shared data helpers live in server/data.",
  },
  noPrismaTypes: {
    regex: "(^|/)db/generated(/|$)|^@prisma/client(/|$)",
    message: "Prisma client types stay in repositories; export a named row type from the repository instead.",
  },
};
const edges = (...rules) => ({ "no-restricted-imports": ["error", { patterns: rules }] });

// Prisma models by their client property; a service that touches one of them is doing a repository's work.
const MODELS =
  "tenant|tenantQuota|user|gpuModel|gridZone|carbonIntensitySample|cluster|node|gpu|gpuShare|job|decision|policy|auditLog|carbonFeed|clusterConnection|serviceHeartbeat|systemSetting|jobEnergyHour|carbonSavingsEntry|clusterSample|experiment";
const NO_QUERIES = "Queries belong in server/repositories; call a repository function (a service may still open a transaction with db.$transaction).";
const noDirectQueries = {
  "no-restricted-syntax": [
    "error",
    {
      selector: `MemberExpression[object.type='Identifier'][object.name=/^(db|tx|prisma)$/][property.name=/^(${MODELS}|\\$queryRaw|\\$executeRaw|\\$queryRawUnsafe|\\$executeRawUnsafe)$/]`,
      message: NO_QUERIES,
    },
    {
      selector: `MemberExpression[object.type='MemberExpression'][object.property.name=/^(db|tx|prisma)$/][property.name=/^(${MODELS})$/]`,
      message: NO_QUERIES,
    },
    { selector: `MemberExpression[object.type='CallExpression'][object.callee.name='db'][property.name=/^(${MODELS})$/]`, message: NO_QUERIES },
  ],
};

export default tseslint.config(
  { ignores: ["node_modules/**", ".next/**", ".data/**", "server/db/generated/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // Plain JavaScript modules (env, configs) run in Node.
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", Buffer: "readonly" } },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["server/engine/**/*.ts"],
    ignores: ["server/engine/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "next",
                "next/*",
                "react",
                "react/*",
                "react-dom",
                "@trpc/*",
                "@prisma/*",
                "pg",
                "node:*",
                "fs",
                "path",
                "os",
                "crypto",
                "child_process",
                "worker_threads",
                "@/server/db/*",
                "@/server/api/*",
                "@/server/services/*",
                "@/server/repositories/*",
              ],
              message: "server/engine must stay pure: no framework, database or Node imports.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: "Inject a clock instead of calling Date.now()." },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Inject a clock instead of new Date()." },
        { selector: "MemberExpression[object.name='Math'][property.name='random']", message: "Use the injected seeded RNG instead of Math.random()." },
        { selector: "MemberExpression[object.name='performance'][property.name='now']", message: "Inject a clock instead of performance.now()." },
      ],
    },
  },
  // Edges, from the widest folder to the narrowest (the last match wins).
  { files: ["**/*.{ts,tsx,js,mjs}"], ignores: ["server/engine/**"], rules: edges(EDGE.engineIndexOnly, EDGE.noSeed, EDGE.noPrismaTypes) },
  { files: ["server/services/**"], rules: { ...edges(EDGE.engineIndexOnly, EDGE.noApi, EDGE.noSeed, EDGE.noPrismaTypes), ...noDirectQueries } },
  { files: ["server/repositories/**"], rules: edges(EDGE.engineIndexOnly, EDGE.noApi, EDGE.noSeed) },
  { files: ["server/api/**", "server/worker/**", "app/**", "components/**"], rules: noDirectQueries },
  { files: ["server/api/routers/**"], rules: edges(EDGE.engineIndexOnly, EDGE.noRepositories, EDGE.noSeed, EDGE.noPrismaTypes) },
  // The database layer and the scripts work with the Prisma client itself.
  { files: ["server/db/**", "scripts/**"], rules: edges(EDGE.engineIndexOnly, EDGE.noSeed) },
  // The seed writes rows; the seed script and the demo start script (which seeds a fresh database and prints the demo sign-ins) run it.
  { files: ["server/seed/**", "scripts/seed.ts", "scripts/start.ts"], rules: edges(EDGE.engineIndexOnly) },
  // Tests build fixtures from the seed and rows with Prisma types.
  { files: ["tests/**", "e2e/**", "**/*.test.ts", "**/*.test.tsx"], ignores: ["server/engine/**"], rules: edges(EDGE.engineIndexOrFixtures) },
);
