// Lint rules. The engine block enforces the purity rule of server/engine: no framework, database or
// Node imports, and no direct clock or randomness (both are injected so decisions are replayable).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

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
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
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
            { group: ["next", "next/*", "react", "react/*", "react-dom", "@trpc/*", "@prisma/*", "pg", "node:*", "fs", "path", "os", "crypto", "child_process", "worker_threads", "@/server/db/*", "@/server/api/*", "@/server/services/*", "@/server/repositories/*"], message: "server/engine must stay pure: no framework, database or Node imports." },
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
);
