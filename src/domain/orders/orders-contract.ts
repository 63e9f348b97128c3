// TEMPORARY (web branch only): the orders service as the pages call it, until the orders service lands.
import type { BillingInput } from "#shared/schemas/checkout.ts";
import type { PaymentProof } from "./ports.ts";
import type { Order, OrderStatus, OrdersPage, PaymentStep } from "./types.ts";

export interface OrdersService {
  checkout(userId: string, billing: BillingInput): Promise<PaymentStep>;
  paymentStep(userId: string, orderId: string): Promise<PaymentStep & { status: OrderStatus }>;
  confirmPayment(userId: string, proof: PaymentProof): Promise<Order>;
  payWithTestProvider(userId: string, orderId: string, outcome: "success" | "failure"): Promise<Order>;
  list(userId: string, options: { page: number; perPage: number }): Promise<OrdersPage>;
  find(userId: string, orderId: string): Promise<Order>;
}
