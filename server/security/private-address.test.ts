import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { addressCheckedFetch } from "../carbon-feeds/http-fetch";
import { assertPublicHost, isIpLiteral, SpecialAddressError, specialRangeOf } from "./private-address";

describe("special address ranges", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["0.0.0.0", "unspecified"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
  ])("%s is %s", (address, range) => expect(specialRangeOf(address)).toBe(range));

  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "172.32.0.1", "[2606:4700:4700::1111]"])("%s is public", (address) =>
    expect(specialRangeOf(address)).toBeNull(),
  );

  it("tells literals from names the way the URL parser writes them", () => {
    expect(isIpLiteral(new URL("http://2130706433/").hostname)).toBe(true);
    expect(isIpLiteral(new URL("http://[::1]/").hostname)).toBe(true);
    expect(isIpLiteral("feed.example")).toBe(false);
  });

  it("refuses a name when any of its addresses is special", async () => {
    const lookup = async () => ["93.184.215.14", "10.0.0.7"];
    await expect(assertPublicHost("mixed.example", lookup)).rejects.toThrow(new SpecialAddressError("mixed.example", "10.0.0.7", "private"));
    await expect(assertPublicHost("public.example", async () => ["93.184.215.14"])).resolves.toEqual(["93.184.215.14"]);
    await expect(assertPublicHost("http://[::ffff:7f00:1]/".slice(7, -1), async () => [])).rejects.toThrow(/loopback/);
  });
});

describe("the production fetch", () => {
  it("refuses at connect time a name resolving to loopback (the socket's own lookup checks)", async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://localhost:${(server.address() as AddressInfo).port}/`;
    try {
      const refused = await addressCheckedFetch(url, {}, { allowPrivate: false }).then(
        () => null,
        (error: Error) => error,
      );
      expect(refused).not.toBeNull();
      let cause: unknown = refused;
      while (cause && !(cause instanceof SpecialAddressError)) cause = (cause as { cause?: unknown }).cause;
      expect(cause).toBeInstanceOf(SpecialAddressError);
      expect(requests).toBe(0);
      // With private addresses allowed the same URL answers.
      expect((await addressCheckedFetch(url, {}, { allowPrivate: true })).status).toBe(200);
      expect(requests).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
