import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";
import { crossSiteRefusal } from "./same-origin";

const headers = (values: Record<string, string>) => new Headers(values);
const post = (values: Record<string, string>) => new Request("http://verdant.test/api/trpc/auth.signOut", { method: "POST", headers: values });

describe("client address", () => {
  it("takes the first X-Forwarded-For entry without proxies, the one the outermost trusted proxy wrote with them", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "::ffff:127.0.0.1" }), 0)).toBe("127.0.0.1");
    expect(clientAddress(headers({}), 0)).toBeNull();
    // The client prepended a forged entry; one trusted proxy appended the real address.
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9" }), 1)).toBe("203.0.113.9");
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" }), 2)).toBe("203.0.113.9");
    expect(clientAddress(headers({ "x-real-ip": "198.51.100.3" }), 1)).toBe("198.51.100.3");
    expect(clientAddress(headers({ "x-real-ip": "198.51.100.3" }), 0)).toBeNull();
  });
});

describe("cross-site guard", () => {
  it("accepts this site's pages and configured origins, refuses others and requests that name no page", () => {
    expect(crossSiteRefusal(post({ origin: "http://verdant.test" }))).toBeNull();
    expect(crossSiteRefusal(post({ origin: "https://public.example", host: "public.example" }))).toBeNull();
    expect(crossSiteRefusal(post({ origin: "https://public.example", "x-forwarded-host": "public.example" }))).toBeNull();
    expect(crossSiteRefusal(post({ referer: "http://verdant.test/admin/users?page=2" }))).toBeNull();
    expect(crossSiteRefusal(post({ origin: "https://ui.example" }), ["https://ui.example/"])).toBeNull();
    expect(crossSiteRefusal(post({ origin: "https://evil.example" }))).toMatch(/evil\.example may not change data/);
    expect(crossSiteRefusal(post({ origin: "http://verdant.test.evil.example" }))).not.toBeNull();
    expect(crossSiteRefusal(post({ origin: "null" }))).toMatch(/does not say which page/);
    expect(crossSiteRefusal(post({}))).toMatch(/does not say which page/);
  });
});
