import { describe, expect, it } from "vitest";
import { formatZonedTime, localizeUtcTimes, readerZone, zonedDayStart } from "./zoned-time";

const AT = Date.UTC(2026, 10, 24, 2, 56);

describe("zoned time in server-built text", () => {
  it("writes an instant in the reader's zone with the zone labelled", () => {
    expect(formatZonedTime(AT, "America/New_York")).toBe("Nov 23, 9:56 PM EST");
    expect(formatZonedTime(AT, "Europe/Berlin", "time")).toBe("3:56 AM GMT+1");
    expect(formatZonedTime(AT, "UTC", "time")).toBe("2:56 AM UTC");
  });

  it("rewrites dated and time-only UTC times in a sentence", () => {
    const text = "Deferred: waiting for cleaner power until 02:56 UTC; whole, it would start at 2026-11-24 14:00 UTC.";
    expect(localizeUtcTimes(text, "America/New_York", AT - 3_600_000)).toBe(
      "Deferred: waiting for cleaner power until 9:56 PM EST; whole, it would start at Nov 24, 9:00 AM EST.",
    );
  });

  it("reads a time without a date as the nearest one to the moment it belongs to", () => {
    // 23:30 UTC written at 00:10 UTC is the evening before, not the next night.
    expect(localizeUtcTimes("at 23:30 UTC", "Asia/Tokyo", Date.UTC(2026, 10, 24, 0, 10))).toBe("at 8:30 AM GMT+9");
    expect(localizeUtcTimes("no times here: 12:00 local", "Asia/Tokyo", AT)).toBe("no times here: 12:00 local");
  });

  it("falls back to UTC for a reader following the browser or an unknown zone", () => {
    expect(readerZone(null)).toBe("UTC");
    expect(readerZone("Mars/Olympus")).toBe("UTC");
    expect(readerZone("Europe/Berlin")).toBe("Europe/Berlin");
  });

  it("finds the start of a calendar day in a zone, across a DST change", () => {
    expect(zonedDayStart("2026-11-24", "America/New_York")?.toISOString()).toBe("2026-11-24T05:00:00.000Z");
    expect(zonedDayStart("2026-03-29", "Europe/Berlin")?.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(zonedDayStart("2026-03-30", "Europe/Berlin")?.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(zonedDayStart("2026-02-30", "UTC")).toBeNull();
  });
});
