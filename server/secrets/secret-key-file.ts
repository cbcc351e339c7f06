/**
 * The key `npm start` hands to the web server and the worker: VERDANT_SECRET_KEY when set, else one
 * generated once into `<data dir>/secret-key` (mode 0600, like the session secret) and reused on every
 * start, so what was sealed stays readable. Losing that file means losing the stored secrets.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseSecretKey } from "./secret-box";

/** The key's text (hex or base64): `given`, or the data folder's key file, created when missing. */
export function ensureSecretKey(dataDir: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, "secret-key");
  if (existsSync(file)) {
    const text = readFileSync(file, "utf8").trim();
    try {
      parseSecretKey(text);
    } catch (error) {
      throw new Error(`${file} does not hold a usable key: ${(error as Error).message}`);
    }
    return text;
  }
  const key = randomBytes(32).toString("hex");
  // "wx": never overwrite a key another start wrote meanwhile; secrets sealed with it would be lost.
  writeFileSync(file, key, { mode: 0o600, flag: "wx" });
  return key;
}
