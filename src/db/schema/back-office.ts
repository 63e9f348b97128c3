import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

// Tables the back-office context owns (docs/decisions/011-transactions-and-table-owners.md, 031-the-back-office.md).

/**
 * Every back-office change: who, when, what, the values before and after, and why. Append-only: a trigger
 * (migration 0011) refuses UPDATE and DELETE, so not even the shop's own code can rewrite history.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as it was when acting, so the trail still names an erased or renamed account. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason").notNull().default(""),
    /** The event a revert undid. */
    revertOf: uuid("revert_of"),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_events_entity_idx").on(t.entityType, t.entityId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_events_actor_idx").on(t.actorId, t.at.desc().nullsFirst()),
  ],
);

/** One-time links printed at start-up while the shop has no owner; only their SHA-256 is stored. */
export const ownerClaims = pgTable(
  "owner_claims",
  {
    id: uuid("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("owner_claims_token_idx").on(t.tokenHash)],
);
