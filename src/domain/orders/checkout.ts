import { v7 as uuidv7 } from "uuid";
import { withTransaction } from "#db/client.ts";
import { checkoutMessages } from "#shared/messages.ts";
import type { BillingInput } from "#shared/schemas/checkout.ts";
import { AppError, badRequest } from "../errors.ts";
import { findCountry } from "../locations/countries.ts";
import type { OrdersContext } from "./deps.ts";
import { byId, findOrder, placeOrder } from "./order-rows.ts";
import { releaseUnlessPaid } from "./payments.ts";
import { PaymentProviderError } from "./ports.ts";
import type { Order, PaymentStep } from "./types.ts";

/** The contract's flat address (spec §6 Order): street line 1, then line 2 when given (decision 016). */
export const flatAddress = (billing: BillingInput) =>
  billing.streetAddressLine2 ? `${billing.streetAddressLine1}, ${billing.streetAddressLine2}` : billing.streetAddressLine1;

const providerUnavailable = () => new AppError("UNAVAILABLE", checkoutMessages.providerDown);

async function checkoutCart(deps: OrdersContext, userId: string, whenEmpty = () => badRequest(checkoutMessages.cartEmpty)) {
  const current = await deps.cart.list({ kind: "user", userId });
  if (current.lines.length === 0) throw whenEmpty();
  if (current.blocked.length > 0) {
    throw new AppError("CONFLICT", checkoutMessages.blocked(current.blocked.map((line) => line.productTitle)));
  }
  return current;
}

/** The earlier pending order the provider's money settled, if any. */
async function endEarlierOrders(deps: OrdersContext, userId: string): Promise<Order | undefined> {
  let settled: Order | undefined;
  for (const { id } of await deps.statements.pendingOf(userId)) {
    const order = await findOrder(deps.db, byId(id));
    if (!order) continue;
    const ended = await releaseUnlessPaid(deps, order, "expired").catch((error: unknown) => {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ err: error, orderId: id }, "the payment provider did not say whether an earlier order was paid");
      throw providerUnavailable();
    });
    settled ??= ended.settled;
  }
  return settled;
}

/** One pending order per shopper: checking out again ends the previous one first, so stock is never held twice. */
export async function checkout(deps: OrdersContext, userId: string, billing: BillingInput): Promise<PaymentStep> {
  const { db, gateway, catalog, changes, now } = deps;
  const country = findCountry(billing.country);
  if (!country) throw badRequest(checkoutMessages.countryUnknown);
  let current = await checkoutCart(deps, userId);
  // A payment the browser never reported completes the earlier order; the cart is read again (its lines went with it).
  const earlier = await endEarlierOrders(deps, userId);
  if (earlier) {
    const orderId = earlier.id;
    current = await checkoutCart(deps, userId, () => new AppError("CONFLICT", checkoutMessages.earlierOrderPaid, { orderId }));
  }

  // The provider's order first (decision 021): if the provider does not answer, nothing is held yet. A price changed
  // meanwhile stops checkout below; that provider order is never shown, so never paid (Razorpay lets it lapse).
  const orderId = uuidv7();
  let providerOrderId: string;
  try {
    providerOrderId = (await gateway.createOrder({ amountPaise: current.totalPaise, currency: "INR", receipt: orderId })).id;
  } catch (error) {
    deps.log.error({ err: error, orderId }, "the payment provider did not create an order");
    throw error instanceof PaymentProviderError ? providerUnavailable() : error;
  }

  const holdExpiresAt = new Date(now().getTime() + deps.holdMinutes * 60_000);
  const details = { ...billing, country: country.country };
  const placed = await withTransaction(db, async (tx) => {
    const taken = await catalog.reserveStock(
      tx,
      current.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    );
    if (!taken.ok) {
      const { name, unavailable } = taken.short;
      throw new AppError("CONFLICT", (unavailable ? checkoutMessages.noLongerAvailable : checkoutMessages.notEnoughStock)(name));
    }
    const lines = current.lines.map((line) => {
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
    if (amountPaise !== current.totalPaise) throw new AppError("CONFLICT", checkoutMessages.pricesChanged);
    await placeOrder(tx, {
      id: orderId,
      userId,
      billing: details,
      address: flatAddress(details),
      amountPaise,
      provider: gateway.provider,
      providerOrderId,
      holdExpiresAt,
      lines,
    });
    return { amountPaise, productIds: [...taken.products.keys()] };
  });
  changes.productsChanged(placed.productIds);
  return {
    orderId,
    provider: gateway.provider,
    keyId: gateway.keyId,
    providerOrderId,
    amountPaise: placed.amountPaise,
    currency: "INR",
    holdExpiresAt,
    name: details.fullName,
    email: details.email,
    phoneNumber: details.phoneNumber,
  };
}
