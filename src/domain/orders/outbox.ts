import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { outbox } from "#db/schema/shopping.ts";
import { orderConfirmationEmail } from "./confirmation-email.ts";
import type { OrdersDeps } from "./deps.ts";
import { byId, findOrder } from "./order-rows.ts";

const CLAIM_SECONDS = 60;
const MAX_ATTEMPTS = 10;
const BATCH = 20;

/**
 * Sends what the paying transactions wrote to the outbox (the order confirmations). Called after each payment commits
 * and by the periodic job, on any number of instances: each message is first claimed for a minute (`claimed_until`,
 * `for update skip locked`), so two instances never send the same one at once; it is marked sent right after the mail
 * server accepts it. A crash between the two sends it once more when the claim runs out (at least once, never lost).
 */
export async function deliverOutbox(deps: OrdersDeps): Promise<number> {
  const { db, now } = deps;
  const claimed = await db
    .update(outbox)
    .set({ claimedUntil: new Date(now().getTime() + CLAIM_SECONDS * 1000), attempts: sql`${outbox.attempts} + 1` })
    .where(
      inArray(
        outbox.id,
        db
          .select({ id: outbox.id })
          .from(outbox)
          .where(
            and(
              isNull(outbox.sentAt),
              lt(outbox.attempts, MAX_ATTEMPTS),
              or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, now())),
            ),
          )
          .orderBy(asc(outbox.createdAt))
          .limit(BATCH)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload });
  let sent = 0;
  for (const message of claimed) {
    try {
      if (message.kind === "order-confirmation") {
        const order = await findOrder(db, byId(String(message.payload.orderId)));
        if (order) await deps.mailer.send(orderConfirmationEmail(order, deps.publicUrl));
      }
      await db.update(outbox).set({ sentAt: now(), claimedUntil: null, lastError: null }).where(eq(outbox.id, message.id));
      sent += 1;
    } catch (error) {
      deps.log.error({ err: error, messageId: message.id }, "an order e-mail could not be sent; it will be tried again");
      await db
        .update(outbox)
        .set({ lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500) })
        .where(eq(outbox.id, message.id));
    }
  }
  return sent;
}
