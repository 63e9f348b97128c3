import type { OrderStatus } from "#domain/orders/types.ts";

/** A product of an order as the Products dialog shows it (spec §2 Orders). */
export interface OrderProductData {
  productId: string | null;
  /** Cut to 30 characters. */
  title: string;
  image: string;
  quantity: number;
  pricePaise: number;
  subTotalPaise: number;
}

/** A row of the orders table (spec §2 Orders), plain values only. */
export interface OrderRowData {
  id: string;
  paymentId: string | null;
  name: string;
  phoneNumber: string;
  address: string;
  pincode: string;
  amountPaise: number;
  email: string;
  userId: string;
  status: OrderStatus;
  /** Once shipped (decision 034). */
  carrier: string | null;
  trackingNumber: string | null;
  /** 'Nov 05, 2026'. */
  date: string;
  products: OrderProductData[];
}
