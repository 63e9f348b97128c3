import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// Tables the idempotency context owns (docs/decisions/011-transactions-and-table-owners.md).

/** `Idempotency-Key` per owner and route: the same request again gets the first answer, another one a 422. Kept a day. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** `user:<id>` or `guest:<token hash>`. */
    owner: text("owner").notNull(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** Null while the first request is still being answered. */
    status: integer("status"),
    body: jsonb("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.scope, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
