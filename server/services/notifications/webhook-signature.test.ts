import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhook } from "./webhook-signature";

const body = JSON.stringify({ id: "job.started:j1:1", type: "job.started" });
const at = Date.UTC(2026, 10, 24, 12, 0, 0);

describe("webhook signature", () => {
  it("is the HMAC-SHA256 of '<t>.<body>' with the unix time in seconds", () => {
    const header = signWebhook("s3cret", body, at + 999);
    const t = at / 1000;
    expect(header).toBe(`t=${t},v1=${createHmac("sha256", "s3cret").update(`${t}.${body}`).digest("hex")}`);
  });

  it("verifies with the same secret and body, within the tolerance", () => {
    const header = signWebhook("s3cret", body, at);
    expect(verifyWebhook("s3cret", body, header, at + 60_000)).toBe(true);
    expect(verifyWebhook("other", body, header, at)).toBe(false);
    expect(verifyWebhook("s3cret", body.replace("j1", "j2"), header, at)).toBe(false);
    expect(verifyWebhook("s3cret", body, header, at + 301_000)).toBe(false);
    const last = header.at(-1)!;
    expect(verifyWebhook("s3cret", body, header.slice(0, -1) + (last === "0" ? "1" : "0"), at)).toBe(false);
    expect(verifyWebhook("s3cret", body, null, at)).toBe(false);
    expect(verifyWebhook("s3cret", body, "t=abc,v1=00", at)).toBe(false);
  });
});
