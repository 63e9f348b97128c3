// The back office's customers and a person's rights over their data (issue 34, item 3; decision 036): reads join the
// contexts' tables; every change goes through the owning context (decision 011) in one transaction with its audit event.
import { and, desc, eq, gt, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { sessions, users } from "#db/schema/accounts.ts";
import { cartItems, carts } from "#db/schema/cart.ts";
import { products } from "#db/schema/catalog.ts";
import { orderItems, orders, refunds } from "#db/schema/orders.ts";
import { reviewReports, reviews } from "#db/schema/reviews.ts";
import { wishlistItems } from "#db/schema/wishlist.ts";
import { customerAdminMessages as m } from "#shared/messages/back-office-customers.ts";
import { paiseToRupees } from "#shared/money.ts";
import type { AccountsService } from "../accounts/accounts-service.ts";
import { erasedEmail } from "../accounts/standing.ts";
import type { Actor, AuditEntry } from "../back-office/audit.ts";
import type { CartService } from "../cart/cart-service.ts";
import { AppError } from "../errors.ts";
import type { ImageVariants } from "../media/image-variants.ts";
import type { UploadsService } from "../media/uploads-service.ts";
import { anonymiseOrdersOf } from "../orders/anonymise.ts";
import { PURCHASED_ORDER_STATUSES } from "../orders/types.ts";
import type { CatalogChanges } from "../ports.ts";
import { anonymiseReviewsOf } from "../reviews/anonymise.ts";
import type { WishlistService } from "../wishlist/wishlist-service.ts";

export interface CustomersDeps {
  db: Db;
  now: () => Date;
  accounts: Pick<AccountsService, "blockAccount" | "unblockAccount" | "eraseAccount" | "proveErasure" | "sendErasureCode">;
  audit: { record(tx: DbExecutor, actor: Actor, entry: AuditEntry): Promise<unknown> };
  cart: Pick<CartService, "forget">;
  wishlist: Pick<WishlistService, "removeAll">;
  uploads: Pick<UploadsService, "forgetUser" | "deleteFiles">;
  imageVariants: Pick<ImageVariants, "forget">;
  changes: CatalogChanges;
}

export const customerStatuses = ["all", "active", "blocked", "erased"] as const;

export interface CustomerListQuery {
  q?: string | undefined;
  status: (typeof customerStatuses)[number];
  after?: string | undefined;
  before?: string | undefined;
  perPage: number;
}

export type CustomersService = ReturnType<typeof createCustomersService>;

const paid = sql.raw(PURCHASED_ORDER_STATUSES.map((status) => `'${status}'`).join(", "));

/** Money kept from an account's paid orders: their amounts less the refunds already processed on them. */
const lifetimePaise = (userId: SQL) => sql<number>`(
  coalesce((select sum(o.amount_paise) from ${orders} o where o.user_id = ${userId} and o.status in (${paid})), 0)
  - coalesce((select sum(r.amount_paise) from ${refunds} r join ${orders} o on o.id = r.order_id
      where o.user_id = ${userId} and o.status in (${paid}) and r.status = 'processed'), 0))::int`;

const orderCount = (userId: SQL) => sql<number>`(select count(*) from ${orders} o where o.user_id = ${userId})::int`;

// Qualified: a lone "id" inside the subqueries would be ambiguous (Drizzle leaves single-table columns bare).
const userIdColumn = sql.raw(`"users"."id"`);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** E-mails starting with `prefix`, as a range on users_email_idx (the LIKE keeps it exact under any collation). */
function emailStartsWith(prefix: string): SQL | undefined {
  return and(
    sql`${users.email} >= ${prefix}`,
    sql`${users.email} < ${`${prefix}\u{10FFFF}`}`,
    sql`${users.email} like ${`${escapeLike(prefix)}%`}`,
  );
}

/** What the search box means: an e-mail (prefix), a phone number (exact), else a name (contains) or an e-mail prefix. */
function searchCondition(q: string): SQL | undefined {
  const needle = q.trim().toLowerCase();
  if (needle === "") return undefined;
  if (needle.includes("@")) return emailStartsWith(needle);
  if (/^\+?[\d\s-]{4,}$/.test(needle)) {
    const digits = needle.replace(/\D/g, "");
    return or(eq(users.phone, digits), eq(users.phone, needle), eq(users.phone, digits.replace(/^91(?=\d{10}$)/, "")));
  }
  return or(sql`lower(${users.name}) like ${`%${escapeLike(needle)}%`}`, emailStartsWith(needle));
}

const statusCondition = (status: CustomerListQuery["status"]) =>
  status === "active"
    ? and(isNull(users.blockedAt), isNull(users.erasedAt))
    : status === "blocked"
      ? isNotNull(users.blockedAt)
      : status === "erased"
        ? isNotNull(users.erasedAt)
        : undefined;

const rupees = (paise: number) => paiseToRupees(paise);

export function createCustomersService(deps: CustomersDeps) {
  const { db, now, accounts, audit } = deps;

  async function profileRow(executor: DbExecutor, id: string) {
    const [row] = await executor.select().from(users).where(eq(users.id, id));
    if (!row) throw new AppError("NOT_FOUND", m.notFound);
    return row;
  }

  /** One transaction over every context, then the files and cached pages once it committed (decision 011). */
  async function erase(userId: string, actor: (user: { id: string }) => Actor, reason?: string) {
    const done = await withTransaction(db, async (tx) => {
      const before = await accounts.eraseAccount(tx, userId);
      const email = erasedEmail(userId);
      const anonymisedOrders = await anonymiseOrdersOf(tx, userId, { name: m.erasedName, email });
      const reviewed = await anonymiseReviewsOf(tx, userId, m.formerCustomer);
      await deps.cart.forget(tx, userId);
      await deps.wishlist.removeAll(tx, userId);
      const files = [...before.images, ...(await deps.uploads.forgetUser(tx, userId))];
      // No personal data in the trail: what was done, never to whom beyond the account's id.
      await audit.record(tx, actor(before), {
        action: "customer.erase",
        entityType: "customer",
        entityId: userId,
        before: null,
        after: { erasedAt: now().toISOString(), orders: anonymisedOrders, reviews: reviewed.length },
        reason,
      });
      return { files, reviewed };
    });
    await deps.uploads.deleteFiles(done.files);
    await Promise.all(done.files.map((file) => deps.imageVariants.forget(file)));
    if (done.reviewed.length > 0) deps.changes.productsChanged(done.reviewed);
  }

  return {
    /** Newest first on users_created_idx; a page continues after (or before) a customer's id. */
    async list(query: CustomerListQuery) {
      const where: (SQL | undefined)[] = [query.q ? searchCondition(query.q) : undefined, statusCondition(query.status)];
      const backwards = query.before !== undefined && query.after === undefined;
      const cursor = query.after ?? query.before;
      if (cursor !== undefined) {
        if (!/^[0-9a-f-]{36}$/.test(cursor)) throw new AppError("BAD_REQUEST", m.cursorInvalid);
        const further = backwards ? sql`>` : sql`<`;
        where.push(
          sql`(${users.createdAt}, ${users.id}) ${further} (select u.created_at, u.id from ${users} u where u.id = ${cursor})`,
        );
      }
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          phone: users.phone,
          role: users.role,
          createdAt: users.createdAt,
          blockedAt: users.blockedAt,
          erasedAt: users.erasedAt,
          orders: orderCount(userIdColumn),
          lifetimePaise: lifetimePaise(userIdColumn),
        })
        .from(users)
        .where(and(...where))
        .orderBy(...(backwards ? [users.createdAt, users.id] : [desc(users.createdAt), desc(users.id)]))
        .limit(query.perPage + 1);
      const more = rows.length > query.perPage;
      const page = rows.slice(0, query.perPage);
      if (backwards) page.reverse();
      return {
        items: page,
        next: backwards || more ? (page.at(-1)?.id ?? null) : null,
        previous: backwards ? (more ? (page[0]?.id ?? null) : null) : cursor !== undefined ? (page[0]?.id ?? null) : null,
      };
    },

    /** The customer page: profile without secrets, totals, latest orders, reviews and sessions. */
    async detail(id: string) {
      const user = await profileRow(db, id);
      const [totals] = await db
        .select({
          orders: orderCount(sql`${id}::uuid`),
          paidOrders: sql<number>`(select count(*) from ${orders} o where o.user_id = ${id} and o.status in (${paid}))::int`,
          lifetimePaise: lifetimePaise(sql`${id}::uuid`),
        })
        .from(sql`(select 1) as one`);
      const [orderRows, reviewRows, sessionRows] = await Promise.all([
        db
          .select({
            id: orders.id,
            createdAt: orders.createdAt,
            status: orders.status,
            amountPaise: orders.amountPaise,
            invoiceNumber: orders.invoiceNumber,
            items: sql<number>`(select coalesce(sum(i.quantity), 0) from ${orderItems} i where i.order_id = ${orders.id})::int`,
          })
          .from(orders)
          .where(eq(orders.userId, id))
          .orderBy(desc(orders.createdAt))
          .limit(50),
        db
          .select({
            id: reviews.id,
            productId: reviews.productId,
            productName: products.name,
            review: reviews.review,
            rating: reviews.customerRating,
            createdAt: reviews.createdAt,
            hidden: sql<boolean>`${reviews.hiddenAt} is not null`,
          })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(eq(reviews.userId, id))
          .orderBy(desc(reviews.createdAt))
          .limit(50),
        db
          .select({
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
            userAgent: sessions.userAgent,
            network: sessions.ip,
          })
          .from(sessions)
          .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, now())))
          .orderBy(desc(sessions.lastSeenAt))
          .limit(50),
      ]);
      return {
        profile: {
          id: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone,
          photos: user.images,
          role: user.role,
          isVerified: user.isVerified,
          signsInWithGoogle: user.googleSub !== null,
          hasPassword: user.passwordHash !== null,
          createdAt: user.createdAt,
          blockedAt: user.blockedAt,
          blockedReason: user.blockedReason,
          erasedAt: user.erasedAt,
        },
        totals: totals ?? { orders: 0, paidOrders: 0, lifetimePaise: 0 },
        orders: orderRows,
        reviews: reviewRows,
        sessions: sessionRows,
      };
    },

    /** Every session ends in the same transaction; orders, reviews and the rest stay. */
    async block(actor: Actor, id: string, reason: string): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await accounts.blockAccount(tx, id, reason);
        await audit.record(tx, actor, {
          action: "customer.block",
          entityType: "customer",
          entityId: id,
          before: { blockedAt: before.blockedAt },
          after: { blockedAt: now().toISOString() },
          reason,
        });
      });
    },

    async unblock(actor: Actor, id: string, reason?: string): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await accounts.unblockAccount(tx, id);
        await audit.record(tx, actor, {
          action: "customer.unblock",
          entityType: "customer",
          entityId: id,
          before: { blockedAt: before.blockedAt?.toISOString() ?? null, blockedReason: before.blockedReason },
          after: { blockedAt: null },
          reason,
        });
      });
    },

    /**
     * Everything the shop holds about the person, as a JSON document (DPDP's right of access). Never a hash, code,
     * token or session id; payment providers' ids stay out too.
     */
    async exportData(id: string) {
      const user = await profileRow(db, id);
      const [orderRows, lineRows, refundRows, reviewRows, reportRows, listRows, cartRows, sessionRows] = await Promise.all([
        db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.createdAt)),
        db
          .select({
            orderId: orderItems.orderId,
            productId: orderItems.productId,
            productTitle: orderItems.productTitle,
            quantity: orderItems.quantity,
            pricePaise: orderItems.pricePaise,
            subTotalPaise: orderItems.subTotalPaise,
            productRam: orderItems.productRam,
            size: orderItems.size,
            productWeight: orderItems.productWeight,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(eq(orders.userId, id)),
        db
          .select({
            orderId: refunds.orderId,
            amountPaise: refunds.amountPaise,
            status: refunds.status,
            reason: refunds.reason,
            createdAt: refunds.createdAt,
            processedAt: refunds.processedAt,
          })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .where(eq(orders.userId, id)),
        db
          .select({
            productId: reviews.productId,
            productName: products.name,
            customerName: reviews.customerName,
            review: reviews.review,
            rating: reviews.customerRating,
            createdAt: reviews.createdAt,
          })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(eq(reviews.userId, id))
          .orderBy(desc(reviews.createdAt)),
        db
          .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason, createdAt: reviewReports.createdAt })
          .from(reviewReports)
          .where(eq(reviewReports.userId, id)),
        db
          .select({ productId: wishlistItems.productId, productName: products.name, addedAt: wishlistItems.createdAt })
          .from(wishlistItems)
          .innerJoin(products, eq(products.id, wishlistItems.productId))
          .where(eq(wishlistItems.userId, id))
          .orderBy(desc(wishlistItems.createdAt)),
        db
          .select({
            productId: cartItems.productId,
            productName: products.name,
            quantity: cartItems.quantity,
            productRam: cartItems.productRam,
            size: cartItems.size,
            productWeight: cartItems.productWeight,
            addedAt: cartItems.createdAt,
          })
          .from(cartItems)
          .innerJoin(carts, eq(carts.id, cartItems.cartId))
          .innerJoin(products, eq(products.id, cartItems.productId))
          .where(eq(carts.userId, id)),
        db
          .select({
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
            userAgent: sessions.userAgent,
            network: sessions.ip,
          })
          .from(sessions)
          .where(eq(sessions.userId, id))
          .orderBy(desc(sessions.lastSeenAt)),
      ]);
      const addresses = new Map<string, Record<string, string>>();
      for (const order of orderRows) {
        const shipping = { name: order.name, address: order.address, pincode: order.pincode, phone: order.phoneNumber };
        for (const address of [
          { kind: "shipping", ...shipping },
          { kind: "billing", ...order.billing },
        ]) {
          addresses.set(JSON.stringify(address), address);
        }
      }
      return {
        exportedAt: now().toISOString(),
        profile: {
          id: user.id,
          name: user.name,
          email: user.email,
          phone: user.phone,
          photos: user.images,
          role: user.role,
          emailVerified: user.isVerified,
          signsInWithGoogle: user.googleSub !== null,
          hasPassword: user.passwordHash !== null,
          createdAt: user.createdAt.toISOString(),
          updatedAt: user.updatedAt.toISOString(),
          blockedAt: user.blockedAt?.toISOString() ?? null,
          blockedReason: user.blockedReason,
          erasedAt: user.erasedAt?.toISOString() ?? null,
        },
        addresses: [...addresses.values()],
        orders: orderRows.map((order) => ({
          id: order.id,
          placedAt: order.createdAt.toISOString(),
          status: order.status,
          amountRupees: rupees(order.amountPaise),
          currency: order.currency,
          name: order.name,
          email: order.email,
          phone: order.phoneNumber,
          address: order.address,
          pincode: order.pincode,
          billing: order.billing,
          invoiceNumber: order.invoiceNumber,
          carrier: order.carrier,
          trackingNumber: order.trackingNumber,
          paidAt: order.paidAt?.toISOString() ?? null,
          shippedAt: order.shippedAt?.toISOString() ?? null,
          deliveredAt: order.deliveredAt?.toISOString() ?? null,
          cancelledAt: order.cancelledAt?.toISOString() ?? null,
          lines: lineRows
            .filter((line) => line.orderId === order.id)
            .map(({ orderId: _, pricePaise, subTotalPaise, ...line }) => ({
              ...line,
              priceRupees: rupees(pricePaise),
              subTotalRupees: rupees(subTotalPaise),
            })),
          refunds: refundRows
            .filter((refund) => refund.orderId === order.id)
            .map(({ orderId: _, amountPaise, createdAt, processedAt, ...refund }) => ({
              ...refund,
              amountRupees: rupees(amountPaise),
              createdAt: createdAt.toISOString(),
              processedAt: processedAt?.toISOString() ?? null,
            })),
        })),
        reviews: reviewRows.map((review) => ({ ...review, createdAt: review.createdAt.toISOString() })),
        reviewReports: reportRows.map((report) => ({ ...report, createdAt: report.createdAt.toISOString() })),
        myList: listRows.map((entry) => ({ ...entry, addedAt: entry.addedAt.toISOString() })),
        cart: cartRows.map((line) => ({ ...line, addedAt: line.addedAt.toISOString() })),
        sessions: sessionRows.map((session) => ({
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          userAgent: session.userAgent,
          network: session.network,
        })),
      };
    },

    /** The back office's export, recorded in the trail (who looked at whose data). */
    async exportForStaff(actor: Actor, id: string) {
      const document = await this.exportData(id);
      await withTransaction(db, (tx) =>
        audit.record(tx, actor, { action: "customer.export", entityType: "customer", entityId: id, before: null, after: null }),
      );
      return document;
    },

    /** Erasure on request, by the owner in the back office. */
    eraseByStaff: (actor: Actor, id: string, reason?: string) => erase(id, () => actor, reason),

    /** Erasure asked for by the person, proved with the password or (Google-only) the e-mailed code; then signed out. */
    async eraseSelf(userId: string, proof: { password?: string | undefined; code?: string | undefined }): Promise<void> {
      await accounts.proveErasure(userId, proof);
      await erase(userId, (user) => ({ id: user.id, email: erasedEmail(user.id) }));
    },

    sendErasureCode: (userId: string) => accounts.sendErasureCode(userId),

    /** Whether the person proves an erasure with a password, or (Google-only) an e-mailed code. */
    async hasPassword(userId: string): Promise<boolean> {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      return Boolean(row?.hash);
    },
  };
}
