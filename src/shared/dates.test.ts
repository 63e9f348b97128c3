import { describe, expect, it } from "vitest";
import { formatOrderDate } from "./dates.ts";

describe("formatOrderDate", () => {
  it("writes the spec's short month, two-digit day and year", () => {
    expect(formatOrderDate(new Date("2026-11-05T10:00:00Z"))).toBe("Nov 05, 2026");
  });

  it("dates an order by the shop's day (India), not the server's", () => {
    // 20:00 UTC on 4 November is 01:30 on 5 November in India.
    expect(formatOrderDate(new Date("2026-11-04T20:00:00Z"))).toBe("Nov 05, 2026");
  });
});
