// The first page of the back office (issue 34, item 5; decision 038): what the shop sold, what waits, what runs out,
// what shoppers did not find. Reads other contexts' tables (decision 011 allows reads); every figure is index-backed.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client.ts";
import { shopDayStart } from "#shared/dates.ts";
import type { ZeroResultSearch } from "../search/zero-result-searches.ts";

export interface SalesFigure {
  /** Orders paid in the period (paid_at set), whatever happened to them since. */
  orders: number;
  /** Their amounts, gross: refunds are not taken off. */
  revenuePaise: number;
  /** Refunds the provider processed in the period, whenever their orders were paid. */
  refundedPaise: number;
}

export interface Insights {
  /** India's days: `today` from its midnight; `last7Days` is today and the 6 days before; `last30Days` today and 29. */
  sales: { today: SalesFigure; last7Days: SalesFigure; last30Days: SalesFigure };
  /** The start of each period and the end of today, for the page to say what it counted. */
  periods: { today: Date; last7Days: Date; last30Days: Date; end: Date };
  /** Orders whose payment has not arrived (status pending). */
  paymentsPending: number;
  /** Refunds the back office asked for that the provider has not processed (refunds rows, status pending). */
  refundsPending: number;
  /** Orders paid after their stock was sold, whose automatic refund is still to be made (status refund_pending). */
  automaticRefundsPending: number;
  lowStock: {
    threshold: number;
    /** Products on sale at or under the threshold, counted up to LOW_STOCK_COUNTED; `more` says there are more. */
    count: number;
    more: boolean;
    first: { id: string; name: string; sku: string; countInStock: number }[];
  };
  zeroResultSearches: ZeroResultSearch[];
}

const LOW_STOCK_LISTED = 10;
/** Counting stops here: a shop with thousands out of stock needs the list, not the exact figure. */
export const LOW_STOCK_COUNTED = 1000;
const ZERO_RESULT_LISTED = 20;
/** shop_settings' own default, should its row be missing. */
const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export type InsightsService = ReturnType<typeof createInsights>;

export function createInsights({
  db,
  now,
  unansweredSearches,
}: {
  db: Db;
  now: () => Date;
  unansweredSearches: (limit: number) => Promise<ZeroResultSearch[]>;
}) {
  /** Orders paid from each period's start to the end of today: one range of orders_paid_at_idx. */
  async function sales(periods: Insights["periods"]) {
    const { today, last7Days, last30Days, end } = periods;
    const [row] = await rowsOf<Record<string, string>>(
      db,
      // Sums as text: a bigint is exact, and drivers differ in how they hand one over.
      sql`select count(*) filter (where paid_at >= ${today.toISOString()})::text as "todayOrders",
                 coalesce(sum(amount_paise::bigint) filter (where paid_at >= ${today.toISOString()}), 0)::text as "todayPaise",
                 count(*) filter (where paid_at >= ${last7Days.toISOString()})::text as "weekOrders",
                 coalesce(sum(amount_paise::bigint) filter (where paid_at >= ${last7Days.toISOString()}), 0)::text as "weekPaise",
                 count(*)::text as "monthOrders",
                 coalesce(sum(amount_paise::bigint), 0)::text as "monthPaise"
          from orders where paid_at >= ${last30Days.toISOString()} and paid_at < ${end.toISOString()}`,
    );
    const [refunded] = await rowsOf<Record<string, string>>(
      db,
      sql`select coalesce(sum(amount_paise::bigint) filter (where processed_at >= ${today.toISOString()}), 0)::text as "today",
                 coalesce(sum(amount_paise::bigint) filter (where processed_at >= ${last7Days.toISOString()}), 0)::text as "week",
                 coalesce(sum(amount_paise::bigint), 0)::text as "month"
          from refunds where processed_at >= ${last30Days.toISOString()} and processed_at < ${end.toISOString()}`,
    );
    const figure = (orders?: string, paise?: string, refundedPaise?: string): SalesFigure => ({
      orders: Number(orders ?? 0),
      revenuePaise: Number(paise ?? 0),
      refundedPaise: Number(refundedPaise ?? 0),
    });
    return {
      today: figure(row?.todayOrders, row?.todayPaise, refunded?.today),
      last7Days: figure(row?.weekOrders, row?.weekPaise, refunded?.week),
      last30Days: figure(row?.monthOrders, row?.monthPaise, refunded?.month),
    };
  }

  /** Each count reads its partial or leading index only. */
  async function waiting() {
    const [row] = await rowsOf<{ payments: number; refunds: number; automatic: number }>(
      db,
      sql`select (select count(*) from orders where status = 'pending')::int as payments,
                 (select count(*) from refunds where status = 'pending')::int as refunds,
                 (select count(*) from orders where status = 'refund_pending')::int as automatic`,
    );
    return {
      paymentsPending: row?.payments ?? 0,
      refundsPending: row?.refunds ?? 0,
      automaticRefundsPending: row?.automatic ?? 0,
    };
  }

  /** products_stock_idx from the lowest count up; archived products are not for sale and are skipped. */
  async function lowStock(): Promise<Insights["lowStock"]> {
    const [setting] = await rowsOf<{ threshold: number }>(
      db,
      sql`select low_stock_threshold as threshold from shop_settings where id = 1`,
    );
    const threshold = setting?.threshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
    const first = await rowsOf<{ id: string; name: string; sku: string; countInStock: number }>(
      db,
      sql`select id, name, sku, count_in_stock as "countInStock" from products
          where count_in_stock <= ${threshold} and archived_at is null
          order by count_in_stock, id limit ${LOW_STOCK_LISTED}`,
    );
    const [counted] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select 1 from products where count_in_stock <= ${threshold} and archived_at is null limit ${LOW_STOCK_COUNTED + 1}
          ) low`,
    );
    const n = counted?.n ?? 0;
    return { threshold, count: Math.min(n, LOW_STOCK_COUNTED), more: n > LOW_STOCK_COUNTED, first };
  }

  return {
    /** `at` is the moment the figures are for (tests pass one; the shop, now). */
    async summary(at: Date = now()): Promise<Insights> {
      const periods = {
        today: shopDayStart(at),
        last7Days: shopDayStart(at, 6),
        last30Days: shopDayStart(at, 29),
        end: shopDayStart(at, -1),
      };
      return {
        sales: await sales(periods),
        periods,
        ...(await waiting()),
        lowStock: await lowStock(),
        zeroResultSearches: await unansweredSearches(ZERO_RESULT_LISTED),
      };
    },
  };
}
