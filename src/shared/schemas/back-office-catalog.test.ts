import { describe, expect, it } from "vitest";
import { bannerBody, bannerForm, categoryCreateForm, fromShopLocal, toShopLocal } from "./back-office-catalog.ts";

const base = { kind: "home", image: "banner-1.webp", alt: "Sale", link: "" };

describe("the back office's category and banner forms", () => {
  it("reads a datetime-local value on India's clock and writes it back the same", () => {
    expect(fromShopLocal("2026-12-01T10:00")?.toISOString()).toBe("2026-12-01T04:30:00.000Z");
    expect(toShopLocal(new Date("2026-12-01T04:30:00.000Z"))).toBe("2026-12-01T10:00");
    expect(fromShopLocal("2026-02-30T10:00")).toBeUndefined();
    expect(fromShopLocal("tomorrow")).toBeUndefined();
  });

  it("refuses a window that ends before it starts, on the form and in the API", () => {
    const form = bannerForm.safeParse({ ...base, startsAt: "2026-12-02T10:00", endsAt: "2026-12-01T10:00" });
    expect(form.success).toBe(false);
    expect(form.error?.issues[0]?.path).toEqual(["endsAt"]);
    const api = bannerBody.safeParse({ ...base, startsAt: "2026-12-01T10:00:00+05:30", endsAt: "2026-12-01T04:30:00Z" });
    expect(api.success).toBe(false);
    const open = bannerBody.parse({ ...base, startsAt: null, endsAt: "2026-12-01T04:30:00Z" });
    expect(open.startsAt).toBeNull();
    expect(open.endsAt?.toISOString()).toBe("2026-12-01T04:30:00.000Z");
  });

  it("takes a colour only as #rrggbb and a picture only as a stored file name", () => {
    expect(categoryCreateForm.parse({ name: " Toys ", color: "#AABBCC" })).toMatchObject({ name: "Toys", color: "#aabbcc" });
    expect(categoryCreateForm.safeParse({ name: "Toys", color: "red" }).success).toBe(false);
    expect(categoryCreateForm.safeParse({ name: "Toys", image: "../etc/passwd" }).success).toBe(false);
    expect(bannerForm.safeParse({ ...base, image: "" }).success).toBe(false);
  });
});
