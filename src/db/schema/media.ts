import { boolean, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

// Tables the media context owns (docs/decisions/011-transactions-and-table-owners.md).

/** Raw bytes (`bytea`): node-postgres answers a Buffer, PGlite a Uint8Array; both are Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
  fromDriver: (value) => value,
});

/** Images uploaded by a user (profile photos). `pending` until saved onto the profile. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    pending: boolean("pending").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("uploads_file_name_idx").on(t.fileName), index("uploads_user_pending_idx").on(t.userId, t.pending)],
);

/** Photos uploaded without a session wait here for the requester's next signed-in request to claim them (decision 012). */
export const stagedUploads = pgTable(
  "staged_uploads",
  {
    id: uuid("id").primaryKey(),
    requesterHash: text("requester_hash").notNull(),
    /** The stored name the photo gets when claimed (`u-….webp`). */
    fileName: text("file_name").notNull(),
    data: bytea("data").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("staged_uploads_file_name_idx").on(t.fileName),
    index("staged_uploads_requester_idx").on(t.requesterHash, t.createdAt),
    index("staged_uploads_expires_idx").on(t.expiresAt),
  ],
);

/** Pictures the back office uploaded for products, categories and banners: named by the shop, listed by upload. */
export const catalogPictures = pgTable(
  "catalog_pictures",
  {
    fileName: text("file_name").primaryKey(),
    originalName: text("original_name").notNull().default(""),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("catalog_pictures_created_idx").on(t.createdAt.desc().nullsFirst(), t.fileName)],
);
