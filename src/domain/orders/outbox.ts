import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbExecutor } from "#db/client.ts";
import { outbox } from "#db/schema/orders.ts";
import type { MailMessage } from "../accounts/ports.ts";
import type { OrdersContext } from "./deps.ts";
import {
  type EmailedStatus,
  isEmailedStatus,
  orderConfirmationEmail,
  orderStatusEmail,
  partialRefundEmail,
} from "./order-emails.ts";
import { byId, findOrder } from "./order-rows.ts";
import type { Order } from "./types.ts";

const CLAIM_SECONDS = 60;
const MAX_ATTEMPTS = 10;
const BATCH = 20;

type OutboxMessage = { id: string; kind: string; payload: Record<string, unknown> };

/** Claimed by its writer, who sends it after commit (else the periodic job). Undefined when written before. */
export function writeConfirmation(deps: OrdersContext, tx: DbExecutor, orderId: string): Promise<OutboxMessage | undefined> {
  return writeClaimed(tx, confirmationMail(deps, orderId));
}

/** A status note, written with the change and claimed like a confirmation; one per order and status. */
export function writeStatusNote(
  deps: OrdersContext,
  tx: DbExecutor,
  orderId: string,
  status: EmailedStatus,
): Promise<OutboxMessage | undefined> {
  return writeClaimed(tx, claimedMail(deps, "order-status", `order-status:${orderId}:${status}`, { orderId, status }));
}

/** A processed refund that left part of the payment with the shop: one note per refund. */
export function writeRefundNote(
  deps: OrdersContext,
  tx: DbExecutor,
  refund: { id: string; orderId: string; amountPaise: number },
): Promise<OutboxMessage | undefined> {
  const payload = { orderId: refund.orderId, refundId: refund.id, amountPaise: refund.amountPaise };
  return writeClaimed(tx, claimedMail(deps, "order-refund", `order-refund:${refund.id}`, payload));
}

export function confirmationMail(deps: Pick<OrdersContext, "now">, orderId: string) {
  return claimedMail(deps, "order-confirmation", `order-confirmation:${orderId}`, { orderId });
}

/** Its dedupe key makes a second row of the same message a no-op. */
function claimedMail(deps: Pick<OrdersContext, "now">, kind: string, dedupeKey: string, payload: Record<string, unknown>) {
  return { id: uuidv7(), kind, dedupeKey, payload, claimedUntil: new Date(deps.now().getTime() + CLAIM_SECONDS * 1000) };
}

async function writeClaimed(tx: DbExecutor, mail: ReturnType<typeof claimedMail>): Promise<OutboxMessage | undefined> {
  const [row] = await tx
    .insert(outbox)
    .values({ ...mail, attempts: 1 })
    .onConflictDoNothing()
    .returning({ id: outbox.id, kind: outbox.kind, payload: outbox.payload });
  return row;
}

/** Sends one claimed message and marks it sent; a failure is recorded and left to the periodic job. */
export async function sendClaimed(deps: OrdersContext, message: OutboxMessage, known: readonly Order[] = []): Promise<boolean> {
  const { db, now } = deps;
  try {
    const compose = composerOf(message, deps.publicUrl);
    // A newer instance wrote it (mid-deploy): left unsent for one that knows it, up to MAX_ATTEMPTS.
    if (!compose) throw new Error(`this version has no e-mail of kind ${message.kind} (${String(message.payload.status ?? "")})`);
    const orderId = String(message.payload.orderId);
    // The order just paid (or changed) is in hand: no need to read it again.
    const order = known.find((candidate) => candidate.id === orderId) ?? (await findOrder(db, byId(orderId)));
    if (order) await deps.mailer.send(compose(order));
    await deps.statements.markSent(message.id, now());
    return true;
  } catch (error) {
    deps.log.error({ err: error, messageId: message.id }, "an order e-mail could not be sent; it will be tried again");
    await db
      .update(outbox)
      .set({ lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500) })
      .where(eq(outbox.id, message.id))
      .catch(() => {});
    return false;
  }
}

/** Undefined for a kind (or status) this version does not know. */
function composerOf(message: OutboxMessage, publicUrl: string): ((order: Order) => MailMessage) | undefined {
  if (message.kind === "order-confirmation") return (order) => orderConfirmationEmail(order, publicUrl);
  if (message.kind === "order-refund") {
    return (order) => partialRefundEmail(order, Number(message.payload.amountPaise), publicUrl);
  }
  const status = String(message.payload.status);
  if (message.kind === "order-status" && isEmailedStatus(status)) return (order) => orderStatusEmail(order, status, publicUrl);
  return undefined;
}

/**
 * Sends what nobody sent after commit. Instances claim each message first (`for update skip locked`), so two never send
 * one at once; a crash between sending and marking sends it again when the claim runs out: at least once, never lost.
 */
export async function deliverOutbox(deps: OrdersContext): Promise<number> {
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
  for (const message of claimed) if (await sendClaimed(deps, message)) sent += 1;
  return sent;
}
