// `npm start` must fail with one clear sentence, before starting anything, when the port is taken
// or the data folder is not writable.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, [tsx, "scripts/start.ts"], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, DATABASE_URL: "", ...env },
  });
}

describe("npm start preflight", () => {
  let blocker: Server;
  const port = 3197;
  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, resolve));
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  it("refuses a port that is already in use, naming it", () => {
    const result = start({ PORT: String(port), VERDANT_DATA_DIR: ".data/preflight" });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`[verdant] Port ${port} (web server, PORT) is already in use: stop whatever is using it or choose another port.`);
  });

  it("refuses a data folder it cannot write, naming it", () => {
    // Tests run as root, which may write anywhere: a folder under a regular file is unwritable for anyone.
    const file = join(mkdtempSync(join(tmpdir(), "verdant-preflight-")), "not-a-folder");
    writeFileSync(file, "");
    const result = start({ PORT: "3198", VERDANT_DATA_DIR: join(file, "data") });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`The data folder ${join(file, "data")} is not writable`);
  });

  it("refuses an invalid variable, naming it", () => {
    const result = start({ PORT: "70000" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT: ");
  });
});
