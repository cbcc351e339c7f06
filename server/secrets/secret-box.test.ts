import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isSealed, openSecret, parseSecretKey, sealSecret, SecretError } from "./secret-box";

const key = randomBytes(32);
const PURPOSE = "ClusterConnection.kubeconfig";
const SECRET = "users:\n- name: admin\n  user:\n    token: s3cr3t-tok€n\n";

/** The SecretError code a call throws (fails the test when it does not throw one). */
function codeOf(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(SecretError);
    return (error as SecretError).code;
  }
  throw new Error("expected a SecretError");
}

describe("secret box", () => {
  it("round-trips a value, with a fresh IV each time and no plaintext in the stored form", () => {
    const a = sealSecret(SECRET, key, PURPOSE);
    const b = sealSecret(SECRET, key, PURPOSE);
    expect(a).toMatch(/^enc:v1:[0-9a-f]{12}:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("s3cr3t");
    expect(Buffer.from(a.split(":")[3]!, "base64")).toHaveLength(12);
    expect(openSecret(a, key, PURPOSE)).toBe(SECRET);
    expect(openSecret(b, key, PURPOSE)).toBe(SECRET);
    expect(isSealed(a)).toBe(true);
  });

  it("reads legacy plaintext as it is, with or without a key", () => {
    expect(isSealed(SECRET)).toBe(false);
    expect(openSecret(SECRET, key, PURPOSE)).toBe(SECRET);
    expect(openSecret(SECRET, null, PURPOSE)).toBe(SECRET);
  });

  it("detects a changed ciphertext, IV or tag", () => {
    const sealed = sealSecret(SECRET, key, PURPOSE);
    const parts = sealed.split(":");
    const flip = (index: number) => {
      const bytes = Buffer.from(parts[index]!, "base64");
      bytes[0]! ^= 0x01;
      return parts.map((p, i) => (i === index ? bytes.toString("base64") : p)).join(":");
    };
    expect(codeOf(() => openSecret(flip(5), key, PURPOSE))).toBe("TAMPERED");
    expect(codeOf(() => openSecret(flip(4), key, PURPOSE))).toBe("TAMPERED");
    expect(codeOf(() => openSecret(flip(3), key, PURPOSE))).toBe("TAMPERED");
    expect(codeOf(() => openSecret(sealed.slice(0, -4), key, PURPOSE))).toBe("TAMPERED");
  });

  it("refuses a value sealed for another column", () => {
    const token = sealSecret("feed-token", key, "CarbonFeed.apiToken");
    expect(codeOf(() => openSecret(token, key, PURPOSE))).toBe("TAMPERED");
  });

  it("names a wrong or missing key instead of calling it damage", () => {
    const sealed = sealSecret(SECRET, key, PURPOSE);
    const other = randomBytes(32);
    expect(codeOf(() => openSecret(sealed, other, PURPOSE))).toBe("WRONG_KEY");
    expect(() => openSecret(sealed, other, PURPOSE)).toThrow(/wrong key/);
    expect(codeOf(() => openSecret(sealed, null, PURPOSE))).toBe("NO_KEY");
    // A forged key id does not get past the authentication tag.
    const forged = sealed.replace(/^enc:v1:[0-9a-f]{12}/, `enc:v1:${sealSecret("x", other, PURPOSE).split(":")[2]}`);
    expect(codeOf(() => openSecret(forged, other, PURPOSE))).toBe("TAMPERED");
  });

  it("refuses values that are not in the format", () => {
    expect(codeOf(() => openSecret("enc:v1:abc", key, PURPOSE))).toBe("MALFORMED");
    const [, , id] = sealSecret("x", key, PURPOSE).split(":");
    expect(codeOf(() => openSecret(`enc:v1:${id}:AAAA:AAAA:AAAA`, key, PURPOSE))).toBe("MALFORMED");
  });

  it("parses 32-byte keys written as hex or base64 and refuses other lengths", () => {
    expect(parseSecretKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString("base64")).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString("base64url")).equals(key)).toBe(true);
    expect(() => parseSecretKey(randomBytes(16).toString("hex"))).toThrow(/32 bytes/);
    expect(() => parseSecretKey("short")).toThrow(/32 bytes/);
  });
});
