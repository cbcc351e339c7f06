import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseSecretKey } from "./secret-box";
import { ensureSecretKey } from "./secret-key-file";

describe("secret key file", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "verdant-key-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("generates a 32-byte key once, readable by the owner only, and reuses it", () => {
    const dir = dataDir();
    const first = ensureSecretKey(dir, undefined);
    expect(parseSecretKey(first)).toHaveLength(32);
    expect(statSync(join(dir, "secret-key")).mode & 0o777).toBe(0o600);
    expect(ensureSecretKey(dir, undefined)).toBe(first);
    expect(ensureSecretKey(dataDir(), undefined)).not.toBe(first);
  });

  it("prefers the configured key and never writes a file for it", () => {
    const dir = dataDir();
    const given = "ab".repeat(32);
    expect(ensureSecretKey(dir, given)).toBe(given);
    expect(() => statSync(join(dir, "secret-key"))).toThrow();
  });

  it("refuses a damaged key file instead of replacing it", () => {
    const dir = dataDir();
    writeFileSync(join(dir, "secret-key"), "not a key");
    expect(() => ensureSecretKey(dir, undefined)).toThrow(/secret-key does not hold a usable key/);
  });
});
