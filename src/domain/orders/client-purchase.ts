import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { withTransaction } from "#db/client.ts";
import type { BillingAddress } from "#db/schema/orders.ts";
import { orders } from "#db/schema/orders.ts";
import { clientPurchaseMessages } from "#shared/messages/back-office-staff.ts";
import { checkoutMessages } from "#shared/messages.ts";
import { formatInr } from "#shared/money.ts";
import type { ClientPurchaseInput } from "#shared/schemas/client-purchase.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import { flatAddress } from "./checkout.ts";
import type { OrdersContext } from "./deps.ts";
import { byId, findOrder, payPendingOrder, placeOrder } from "./order-rows.ts";
import { confirmationMail, sendClaimed } from "./outbox.ts";
import { PaymentProviderError, type ProviderPayment } from "./ports.ts";
import type { Order } from "./types.ts";

const conflict = (message: string) => new AppError("CONFLICT", message);

/** Thrown inside the transaction when stock or prices moved: rolled back, then the captured money goes back. */
class NotBought extends Error {
  readonly title: string;
  readonly why: string | undefined;
  constructor(title: string, why?: string) {
    super(title);
    this.title = title;
    this.why = why;
  }
}

const isUniqueViolation = (error: unknown): boolean =>
  [error, (error as { cause?: unknown } | null)?.cause].some((e) => (e as { code?: unknown } | null)?.code === "23505");

/**
 * The original client pays in Razorpay's widget without a provider order and posts only the payment id (decision
 * 039). The server fetches that payment with its secret and turns the session's cart into a paid order only if the
 * payment is captured or authorised, in INR, for exactly the cart's total at today's prices, and used by no order.
 */
export async function purchaseWithPaymentId(deps: OrdersContext, userId: string, input: ClientPurchaseInput): Promise<Order> {
  const { gateway, log } = deps;
  if (gateway.provider !== "razorpay") throw badRequest(clientPurchaseMessages.needsRazorpay);
  let payment = await askRazorpay(() => gateway.fetchPayment(input.paymentId));
  if (!payment) throw badRequest(clientPurchaseMessages.paymentUnknown);
  if (payment.orderId) throw conflict(clientPurchaseMessages.paymentOfOrder);
  if (payment.status !== "captured" && payment.status !== "authorized") throw badRequest(clientPurchaseMessages.paymentNotPaid);
  if (payment.currency !== "INR") throw badRequest(clientPurchaseMessages.paymentCurrency(payment.currency));
  if (await usedByAnOrder(deps, payment.id)) throw conflict(clientPurchaseMessages.paymentUsed);

  const cart = await deps.cart.list({ kind: "user", userId });
  if (cart.lines.length === 0) throw badRequest(checkoutMessages.cartEmpty);
  if (payment.amountPaise !== cart.totalPaise) {
    log.warn({ paymentId: payment.id, paid: payment.amountPaise, total: cart.totalPaise }, "a payment not for the cart's total");
    throw conflict(clientPurchaseMessages.amountMismatch(formatInr(payment.amountPaise), formatInr(cart.totalPaise)));
  }
  const [short] = cart.blocked;
  if (short) throw await giveBack(deps, payment, short.productTitle);
  // Captured only once the stock is known to be there; an authorisation nobody captures lapses by itself.
  if (payment.status === "authorized") {
    const { id, amountPaise, currency } = payment;
    payment = await askRazorpay(() => gateway.capture(id, amountPaise, currency));
  }

  const orderId = uuidv7();
  const billing: BillingAddress = {
    fullName: input.name,
    country: "India",
    streetAddressLine1: input.address,
    streetAddressLine2: "",
    city: "",
    state: "",
    zipCode: input.pincode,
    phoneNumber: input.phoneNumber,
    email: input.email,
  };
  const paid = payment;
  const placed = await withTransaction(deps.db, async (tx) => {
    const taken = await deps.catalog.reserveStock(
      tx,
      cart.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    );
    if (!taken.ok) throw new NotBought(taken.short.name);
    const lines = cart.lines.map((line) => {
      const product = taken.products.get(line.productId);
      const pricePaise = product?.pricePaise ?? line.pricePaise;
      return {
        id: uuidv7(),
        productId: line.productId,
        productTitle: product?.name ?? line.productTitle,
        image: product?.image ?? line.image,
        quantity: line.quantity,
        pricePaise,
        subTotalPaise: pricePaise * line.quantity,
        productRam: line.productRam,
        size: line.size,
        productWeight: line.productWeight,
      };
    });
    const amountPaise = lines.reduce((sum, line) => sum + line.subTotalPaise, 0);
    if (amountPaise !== paid.amountPaise) throw new NotBought("", clientPurchaseMessages.pricesChangedRefunded);
    const at = deps.now();
    await placeOrder(tx, {
      id: orderId,
      userId,
      billing,
      address: flatAddress(billing),
      amountPaise,
      provider: gateway.provider,
      providerOrderId: null,
      holdExpiresAt: at,
      lines,
    });
    const done = await payPendingOrder(tx, { orderId, paymentId: paid.id, at }, confirmationMail(deps, orderId));
    if (!done) throw new Error("an order placed in this transaction was not paid");
    await deps.cart.removeOrdered(tx, userId, lines);
    return { productIds: [...taken.products.keys()], mail: done.mail };
  }).catch(async (error: unknown) => {
    if (error instanceof NotBought) throw await giveBack(deps, paid, error.title, error.why);
    // Another request made an order with this payment a moment ago: that order stands, this one is not made.
    if (isUniqueViolation(error)) throw conflict(clientPurchaseMessages.paymentUsed);
    throw error;
  });
  deps.changes.productsChanged(placed.productIds);
  const order = await findOrder(deps.db, byId(orderId));
  if (!order) throw notFound(checkoutMessages.orderNotFound);
  if (placed.mail) deps.background(sendClaimed(deps, placed.mail, [order]));
  return order;
}

async function askRazorpay<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new AppError("UNAVAILABLE", clientPurchaseMessages.providerDown);
    throw error;
  }
}

async function usedByAnOrder(deps: OrdersContext, paymentId: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, paymentId)).limit(1);
  return row !== undefined;
}

/** Nothing could be bought: captured money is refunded, an authorisation is left to lapse; the answer says which. */
async function giveBack(deps: OrdersContext, payment: ProviderPayment, title: string, message?: string): Promise<AppError> {
  if (payment.status !== "captured") return conflict(message ?? clientPurchaseMessages.soldOutUncaptured(title));
  // The same payment posted twice at once: the stock the other request took made this one fail; its order keeps it.
  if (await usedByAnOrder(deps, payment.id)) return conflict(clientPurchaseMessages.paymentUsed);
  try {
    await deps.gateway.refund(payment.id, payment.amountPaise);
  } catch (error) {
    deps.log.error({ err: error, paymentId: payment.id }, "a payment with no order could not be refunded: refund it by hand");
  }
  return conflict(message ?? clientPurchaseMessages.soldOutRefunded(title));
}
