import { describe, expect, it } from "vitest";
import { formatOrderDate, shopDayStart } from "./dates.ts";

describe("formatOrderDate", () => {
  it("writes the spec's short month, two-digit day and year", () => {
    expect(formatOrderDate(new Date("2026-11-05T10:00:00Z"))).toBe("Nov 05, 2026");
  });

  it("dates an order by the shop's day (India), not the server's", () => {
    // 20:00 UTC on 4 November is 01:30 on 5 November in India.
    expect(formatOrderDate(new Date("2026-11-04T20:00:00Z"))).toBe("Nov 05, 2026");
  });
});

describe("shopDayStart", () => {
  it("starts India's day at 18:30 UTC the evening before, whatever the server's zone", () => {
    expect(shopDayStart(new Date("2026-11-28T00:10:00Z")).toISOString()).toBe("2026-11-27T18:30:00.000Z");
    // 18:29 UTC is still 23:59 of the day before in India.
    expect(shopDayStart(new Date("2026-11-27T18:29:00Z")).toISOString()).toBe("2026-11-26T18:30:00.000Z");
    expect(shopDayStart(new Date("2026-11-27T18:30:00Z")).toISOString()).toBe("2026-11-27T18:30:00.000Z");
  });

  it("goes back whole days across a month's end", () => {
    expect(shopDayStart(new Date("2026-12-02T06:00:00Z"), 6).toISOString()).toBe("2026-11-25T18:30:00.000Z");
    expect(shopDayStart(new Date("2026-03-01T06:00:00Z"), 29).toISOString()).toBe("2026-01-30T18:30:00.000Z");
  });
});
