import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerCredential, hashApiTokenSecret, looksLikeApiTokenSecret, newApiTokenSecret } from "./api-token-secret";

describe("API token secrets", () => {
  it("are vdt_ and 32 random bytes, differ each time, and are stored as their SHA-256", () => {
    const a = newApiTokenSecret();
    const b = newApiTokenSecret();
    expect(a.secret).toMatch(/^vdt_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.secret.slice(4), "base64url")).toHaveLength(32);
    expect(a.secret).not.toBe(b.secret);
    expect(a.hash).toBe(createHash("sha256").update(a.secret).digest("hex"));
    expect(hashApiTokenSecret(a.secret)).toBe(a.hash);
    expect(a.prefix).toBe(a.secret.slice(0, 8));
    expect(looksLikeApiTokenSecret(a.secret)).toBe(true);
    expect(looksLikeApiTokenSecret(a.secret + "x")).toBe(false);
  });

  it("reads the bearer credential: none without a header, the token, or why the header is not one", () => {
    const secret = newApiTokenSecret().secret;
    expect(bearerCredential(new Headers())).toBeNull();
    expect(bearerCredential(new Headers({ authorization: `Bearer ${secret}` }))).toEqual({ token: secret });
    expect(bearerCredential(new Headers({ authorization: `bearer   ${secret}` }))).toEqual({ token: secret });
    expect(bearerCredential(new Headers({ authorization: "Basic YWRhOnBhc3M=" }))).toMatchObject({ malformed: expect.stringContaining("Bearer vdt_") });
    expect(bearerCredential(new Headers({ authorization: "Bearer ghp_abc" }))).toMatchObject({ malformed: expect.stringContaining("not a Verdant API token") });
    expect(bearerCredential(new Headers({ authorization: "" }))).toMatchObject({ malformed: expect.any(String) });
  });
});
