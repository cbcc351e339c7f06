import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../engine";
import { engineBuild, engineBuildOf } from "./engine-build";

function engineDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "engine-build-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe("engine build identity", () => {
  it("changes with the engine source and not with its tests", () => {
    const a = engineBuildOf(engineDir({ "index.ts": "export const a = 1;", "sim/x.ts": "x", "sim/x.test.ts": "t1" }));
    const sameCode = engineBuildOf(engineDir({ "index.ts": "export const a = 1;", "sim/x.ts": "x", "sim/x.test.ts": "t2 changed" }));
    const changed = engineBuildOf(engineDir({ "index.ts": "export const a = 2;", "sim/x.ts": "x", "sim/x.test.ts": "t1" }));
    const moved = engineBuildOf(engineDir({ "index.ts": "export const a = 1;", "sim/y.ts": "x", "sim/x.test.ts": "t1" }));
    expect(a).toMatch(new RegExp(`^${ENGINE_VERSION.replace(/\./g, "\\.")}\\+[0-9a-f]{12}$`));
    expect(sameCode).toBe(a);
    expect(changed).not.toBe(a);
    expect(moved).not.toBe(a);
  });

  it("says unknown when the source is not on disk, and names this checkout's engine", () => {
    expect(engineBuildOf(join(tmpdir(), "no-such-engine-dir-xyz"))).toBe(`${ENGINE_VERSION}+unknown`);
    expect(engineBuild()).toMatch(/\+[0-9a-f]{12}$/);
  });
});
