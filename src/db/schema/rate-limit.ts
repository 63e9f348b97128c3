import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Tables the rate-limit context owns (docs/decisions/011-transactions-and-table-owners.md).

/** Fixed-window counters for abuse limits when no Redis is configured (shared by every instance through the database). */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_reset_idx").on(t.resetAt)],
);
