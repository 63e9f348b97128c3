import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// Tables the accounts context owns (docs/decisions/011-transactions-and-table-owners.md).

export const staffRoles = ["owner", "staff"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased and trimmed; unique. */
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    /** argon2id; null for accounts created through Google that never set a password. */
    passwordHash: text("password_hash"),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /** Back-office role; null for a shopper. The contract's `isAdmin` is `role !== null`. */
    role: text("role", { enum: staffRoles }),
    isVerified: boolean("is_verified").notNull().default(false),
    googleSub: text("google_sub"),
    /** Blocked by the shop: no sign-in, no sign-up with this e-mail, sessions ended; orders kept. */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    blockedReason: text("blocked_reason"),
    /** Erased on request (DPDP): personal data replaced; the row stays so orders keep their owner. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_idx").on(t.email),
    uniqueIndex("users_google_sub_idx").on(t.googleSub),
    index("users_role_idx").on(t.role).where(sql`${t.role} is not null`),
    // The back office's customer list, newest first, and its search by name.
    index("users_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("users_phone_idx").on(t.phone).where(sql`${t.phone} <> ''`),
  ],
);

/** Sessions are random tokens; only their SHA-256 is stored, so a database leak does not leak sessions. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    ip: text("ip").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Last back-office request of this session; the back office idles out on its own clock (decision 031). */
    backOfficeSeenAt: timestamp("back_office_seen_at", { withTimezone: true }),
    /** When the password was last given in this session: sensitive back-office changes ask again after a while. */
    passwordConfirmedAt: timestamp("password_confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_idx").on(t.tokenHash),
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

export const oneTimeCodePurposes = ["verify-email", "reset-password"] as const;

/** E-mailed one-time codes: hashed at rest, short-lived, few attempts (docs/architecture.md, invariant 5). */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: oneTimeCodePurposes }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("one_time_codes_user_purpose_idx").on(t.userId, t.purpose, t.createdAt.desc().nullsFirst())],
);

/** Short-lived grant issued when a reset code is verified; the only key that can set a new password. */
export const passwordResetGrants = pgTable(
  "password_reset_grants",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** Who verified the code (network, user agent): they may use the grant briefly without the token (decision 008). */
    requesterHash: text("requester_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("password_reset_grants_token_idx").on(t.tokenHash), index("password_reset_grants_user_idx").on(t.userId)],
);
