import type { Order } from "#domain/orders/types.ts";
import { ORDER_MODAL_TITLE_MAX } from "#shared/constants.ts";
import { formatOrderDate } from "#shared/dates.ts";
import { truncate } from "#shared/text.ts";
import type { OrderRowData } from "./orders-data.ts";

export function toOrderRow(order: Order): OrderRowData {
  return {
    id: order.id,
    paymentId: order.paymentId,
    name: order.name,
    phoneNumber: order.phoneNumber,
    address: order.address,
    pincode: order.pincode,
    amountPaise: order.amountPaise,
    email: order.email,
    userId: order.userId,
    status: order.status,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    date: formatOrderDate(order.createdAt),
    products: order.lines.map((line) => ({
      productId: line.productId,
      title: truncate(line.productTitle, ORDER_MODAL_TITLE_MAX),
      image: line.image,
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      subTotalPaise: line.subTotalPaise,
    })),
  };
}
