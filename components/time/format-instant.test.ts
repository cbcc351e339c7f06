import { describe, expect, it } from "vitest";
import { formatInstant, formatRelative, zoneLabel } from "./format-instant";

const at = "2026-03-14T02:56:00.000Z";

describe("formatInstant", () => {
  it("writes the instant in the chosen zone with the zone's label", () => {
    expect(formatInstant(at, "UTC")).toBe("Mar 14, 2026, 2:56 AM UTC");
    expect(formatInstant(at, "America/New_York")).toBe("Mar 13, 2026, 10:56 PM EDT");
    expect(formatInstant(at, "Asia/Kolkata")).toBe("Mar 14, 2026, 8:26 AM GMT+5:30");
  });

  it("drops the year when compact and adds seconds for live clocks", () => {
    expect(formatInstant(at, "Europe/Berlin", { compact: true })).toBe("Mar 14, 3:56 AM GMT+1");
    expect(formatInstant(at, "UTC", { seconds: true })).toBe("Mar 14, 2026, 2:56:00 AM UTC");
  });

  it("shows a dash for a value that is not a date", () => {
    expect(formatInstant("not a date", "UTC")).toBe("—");
  });
});

describe("zoneLabel", () => {
  it("names the zone's short label at the given instant (daylight saving included)", () => {
    expect(zoneLabel("America/New_York", new Date("2026-01-10T12:00:00Z"))).toBe("EST");
    expect(zoneLabel("America/New_York", new Date("2026-07-10T12:00:00Z"))).toBe("EDT");
    expect(zoneLabel("UTC")).toBe("UTC");
  });
});

describe("formatRelative", () => {
  const now = Date.parse(at);
  it("says how far ahead or behind in the largest unit that fits", () => {
    expect(formatRelative(now + 52 * 60_000, now)).toBe("in 52 min");
    expect(formatRelative(now - 3 * 3_600_000 - 10 * 60_000, now)).toBe("3 h 10 min ago");
    expect(formatRelative(now + 14 * 3_600_000, now)).toBe("in 14 h");
    expect(formatRelative(now + (2 * 24 + 4) * 3_600_000, now)).toBe("in 2 d 4 h");
    expect(formatRelative(now + 10_000, now)).toBe("now");
  });
});
