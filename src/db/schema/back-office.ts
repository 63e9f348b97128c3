import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { staffRoles, users } from "./accounts.ts";

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

/** The shop's own details for invoices and the back office's thresholds: one row (id 1), edited by the owner. */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    shopName: text("shop_name").notNull().default(""),
    /** The postal address printed on invoices and packing slips, lines separated by newlines. */
    address: text("address").notNull().default(""),
    /** Indian state of the shop's registration, for the invoice's place of supply. */
    state: text("state").notNull().default(""),
    gstin: text("gstin").notNull().default(""),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("shop_settings_one_row", sql`${t.id} = 1`)],
);

/** Invitations to the back office: an e-mailed code (hashed) that the invited address redeems once signed in. */
export const staffInvites = pgTable(
  "staff_invites",
  {
    id: uuid("id").primaryKey(),
    /** Lower-cased and trimmed, as accounts store e-mails. */
    email: text("email").notNull(),
    role: text("role", { enum: staffRoles }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("staff_invites_email_idx").on(t.email, t.createdAt.desc().nullsFirst()),
    // The owner's list of invitations still waiting.
    index("staff_invites_pending_idx")
      .on(t.createdAt.desc().nullsFirst())
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
