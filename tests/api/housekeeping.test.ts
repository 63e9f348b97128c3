import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#db/client.ts";
import { oneTimeCodes, passwordResetGrants, sessions } from "#db/schema/accounts.ts";
import { carts } from "#db/schema/cart.ts";
import { outbox, paymentEvents } from "#db/schema/orders.ts";
import { zeroResultSearches } from "#db/schema/search.ts";
import { hashGuestToken } from "#domain/cart/guest-token.ts";
import { EMPTY_GUEST_CART_HOURS, housekeeping, RETENTION_DAYS } from "#domain/housekeeping.ts";
import { createTestProduct, createTestUser } from "../support/builders.ts";
import { createTestServices, type TestServices } from "../support/test-services.ts";

// Rows nobody can use any more are deleted after their retention, by the service that owns each table; everything
// still in use, or not old enough, stays.
let t: TestServices;
beforeAll(async () => {
  t = await createTestServices();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe("housekeeping", () => {
  it("deletes expired sessions, codes and grants, abandoned guest carts, old missed searches, sent e-mails and webhook events", async () => {
    const user = await createTestUser(t.db);
    const product = await createTestProduct(t.db, { countInStock: 10 });

    // Sessions, codes and reset grants: one expired two days ago (goes), one expired an hour ago (stays: a day's grace),
    // one still valid (stays).
    const ends = [daysAgo(2), new Date(now.getTime() - 60 * 60 * 1000), daysAgo(-10)];
    const sessionIds = ends.map(() => randomUUID());
    await t.db
      .insert(sessions)
      .values(ends.map((expiresAt, i) => ({ id: sessionIds[i] as string, userId: user.id, tokenHash: randomUUID(), expiresAt })));
    const codeIds = ends.map(() => randomUUID());
    await t.db.insert(oneTimeCodes).values(
      ends.map((expiresAt, i) => ({
        id: codeIds[i] as string,
        userId: user.id,
        purpose: "verify-email" as const,
        codeHash: randomUUID(),
        expiresAt,
      })),
    );
    const grantIds = ends.map(() => randomUUID());
    await t.db
      .insert(passwordResetGrants)
      .values(ends.map((expiresAt, i) => ({ id: grantIds[i] as string, userId: user.id, tokenHash: randomUUID(), expiresAt })));

    // Carts: a visitor's untouched for longer than its cookie lives (goes, lines and all), a visitor's emptied and
    // untouched for longer than EMPTY_GUEST_CART_HOURS (goes), a visitor's from yesterday, a visitor's emptied a moment
    // ago and an account's untouched for a year (all three stay).
    const visitor = { kind: "guest", token: undefined, network: "192.0.2.1" } as const;
    const oldGuest = await t.services.cart.add(visitor, { productId: product.id, quantity: 1 });
    const newGuest = await t.services.cart.add(visitor, { productId: product.id, quantity: 1 });
    const emptied = await Promise.all(
      [0, 1].map(async () => {
        const added = await t.services.cart.add(visitor, { productId: product.id, quantity: 1 });
        await t.services.cart.remove({ ...visitor, token: added.guestToken }, added.line.id);
        return added;
      }),
    );
    await t.services.cart.add({ kind: "user", userId: user.id }, { productId: product.id, quantity: 1 });
    const cartOf = async (lineId: string) =>
      (await rowsOf<{ id: string }>(t.db, sql`select cart_id as id from cart_items where id = ${lineId}`))[0]?.id;
    const oldGuestCart = (await cartOf(oldGuest.line.id)) as string;
    const newGuestCart = (await cartOf(newGuest.line.id)) as string;
    await t.db
      .update(carts)
      .set({ updatedAt: daysAgo(RETENTION_DAYS.guestCart + 1) })
      .where(eq(carts.id, oldGuestCart));
    await t.db
      .update(carts)
      .set({ updatedAt: daysAgo(1) })
      .where(eq(carts.id, newGuestCart));
    await t.db
      .update(carts)
      .set({ updatedAt: daysAgo(365) })
      .where(eq(carts.userId, user.id));
    const [oldEmptyCart, newEmptyCart] = (
      await Promise.all(
        emptied.map(({ guestToken }) =>
          rowsOf<{ id: string }>(t.db, sql`select id from carts where guest_token_hash = ${hashGuestToken(guestToken ?? "")}`),
        ),
      )
    ).map((rows) => rows[0]?.id as string);
    await t.db
      .update(carts)
      .set({ updatedAt: new Date(now.getTime() - (EMPTY_GUEST_CART_HOURS + 1) * 60 * 60 * 1000) })
      .where(eq(carts.id, oldEmptyCart as string));
    await t.db
      .update(carts)
      .set({ updatedAt: new Date(now.getTime() - 10 * 60 * 1000) })
      .where(eq(carts.id, newEmptyCart as string));

    // Searches that found nothing: one last made long ago (goes), one last month (stays).
    await t.db.insert(zeroResultSearches).values([
      { query: `old miss ${randomUUID()}`, lastSearchedAt: daysAgo(RETENTION_DAYS.zeroResultSearch + 1) },
      { query: `recent miss ${randomUUID()}`, lastSearchedAt: daysAgo(30) },
    ]);

    // The outbox: sent long ago (goes), sent yesterday (stays), never sent and old (stays: it is still owed).
    const outboxIds = [randomUUID(), randomUUID(), randomUUID()];
    const old = daysAgo(RETENTION_DAYS.sentEmailAndPaymentEvent + 1);
    await t.db.insert(outbox).values([
      { id: outboxIds[0] as string, kind: "order-confirmation", dedupeKey: randomUUID(), payload: {}, sentAt: old },
      { id: outboxIds[1] as string, kind: "order-confirmation", dedupeKey: randomUUID(), payload: {}, sentAt: daysAgo(1) },
      { id: outboxIds[2] as string, kind: "order-confirmation", dedupeKey: randomUUID(), payload: {}, createdAt: old },
    ]);
    const eventIds = [`evt_${randomUUID()}`, `evt_${randomUUID()}`];
    await t.db.insert(paymentEvents).values([
      { eventId: eventIds[0] as string, event: "payment.captured", receivedAt: old },
      { eventId: eventIds[1] as string, event: "payment.captured", receivedAt: daysAgo(1) },
    ]);

    const report = await housekeeping(t.services, now);

    expect(report).toEqual({ expired: 3, guestCarts: 2, zeroResultSearches: 1, sentEmailsAndPaymentEvents: 2 });
    const keptSessions = await t.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, sessionIds));
    expect(ids(keptSessions)).toEqual(sessionIds.slice(1).sort());
    const keptCodes = await t.db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(inArray(oneTimeCodes.id, codeIds));
    expect(ids(keptCodes)).toEqual(codeIds.slice(1).sort());
    const keptGrants = await t.db
      .select({ id: passwordResetGrants.id })
      .from(passwordResetGrants)
      .where(inArray(passwordResetGrants.id, grantIds));
    expect(ids(keptGrants)).toEqual(grantIds.slice(1).sort());
    const keptCarts = await t.db.select({ id: carts.id, userId: carts.userId }).from(carts);
    expect(keptCarts.map((cart) => cart.id)).not.toContain(oldGuestCart);
    expect(keptCarts.map((cart) => cart.id)).toContain(newGuestCart);
    expect(keptCarts.map((cart) => cart.id)).not.toContain(oldEmptyCart);
    expect(keptCarts.map((cart) => cart.id)).toContain(newEmptyCart);
    expect(keptCarts.some((cart) => cart.userId === user.id)).toBe(true);
    expect(await rowsOf(t.db, sql`select 1 from cart_items where id = ${oldGuest.line.id}`)).toHaveLength(0);
    const searches = await t.db.select({ query: zeroResultSearches.query }).from(zeroResultSearches);
    expect(searches.map((row) => row.query).some((query) => query.startsWith("old miss"))).toBe(false);
    expect(searches.map((row) => row.query).some((query) => query.startsWith("recent miss"))).toBe(true);
    const keptOutbox = await t.db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, outboxIds));
    expect(ids(keptOutbox)).toEqual(outboxIds.slice(1).sort());
    const keptEvents = await t.db
      .select({ id: paymentEvents.eventId })
      .from(paymentEvents)
      .where(inArray(paymentEvents.eventId, eventIds));
    expect(ids(keptEvents)).toEqual([eventIds[1] as string]);

    // A second pass finds nothing more to do.
    expect(await housekeeping(t.services, now)).toEqual({
      expired: 0,
      guestCarts: 0,
      zeroResultSearches: 0,
      sentEmailsAndPaymentEvents: 0,
    });
  });
});
