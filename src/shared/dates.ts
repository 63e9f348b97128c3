/** The shop's own time zone: orders are dated as the shop (in India, paid in INR) sees the day. */
export const SHOP_TIME_ZONE = "Asia/Kolkata";

const orderDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "2-digit",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});

/** 'Nov 05, 2026': the spec's order date (short month, 2-digit day, year). */
export function formatOrderDate(date: Date): string {
  return orderDate.format(date);
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: SHOP_TIME_ZONE,
});

/** '05 Nov 2026, 14:03' in the shop's time zone: the back office's timestamps, formatted on the server. */
export function formatDateTime(date: Date): string {
  return dateTime.format(date);
}

const shopDay = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: SHOP_TIME_ZONE });
/** India has kept UTC+05:30 all year since 1945: a shop day starts at 18:30 UTC the day before. */
const SHOP_UTC_OFFSET_MINUTES = 330;

/** The instant the shop's day (India) that holds `at` began, moved back `daysBefore` whole days. */
export function shopDayStart(at: Date, daysBefore = 0): Date {
  const [year, month, day] = shopDay.format(at).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - daysBefore) - SHOP_UTC_OFFSET_MINUTES * 60_000);
}
