#!/usr/bin/env node
// `npx verdant …`: loads the TypeScript command line through tsx (a dev dependency of this repository),
// so the CLI shares the API's types and the job form's conversions without a build step.
import { fileURLToPath, URL } from "node:url";
import { tsImport } from "tsx/esm/api";

const tsconfig = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
const { runCli, processIo } = await tsImport("../scripts/cli/verdant.ts", { parentURL: import.meta.url, tsconfig });
process.exitCode = await runCli(process.argv.slice(2), processIo());
