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
