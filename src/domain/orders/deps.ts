import type { Db } from "#db/client.ts";
import type { Mailer } from "../accounts/ports.ts";
import type { CartService } from "../cart/cart-service.ts";
import type { CatalogService } from "../catalog/catalog-service.ts";
import type { CatalogChanges } from "../ports.ts";
import type { OrderStatements } from "./order-rows.ts";
import type { PaymentGateway } from "./ports.ts";

export interface OrdersLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What the orders context needs; wired in src/server/services.ts. */
export interface OrdersDeps {
  db: Db;
  gateway: PaymentGateway;
  /** Stock belongs to the catalogue: orders take and give it back through its transaction-taking operations. */
  catalog: Pick<CatalogService, "reserveStock" | "releaseStock">;
  cart: Pick<CartService, "list" | "removeOrdered">;
  mailer: Mailer;
  changes: CatalogChanges;
  now: () => Date;
  /** PAYMENT_HOLD_MINUTES. */
  holdMinutes: number;
  /** Links in e-mails. */
  publicUrl: string;
  log: OrdersLog;
}

/** What the orders' own functions share: the dependencies, plus work that finishes after the answer (e-mail). */
export interface OrdersContext extends OrdersDeps {
  /** The pool's prepared statements of the checkout and payment path (order-rows.ts). */
  statements: OrderStatements;
  /** Runs `work` in the background; `close()`-time code waits for it (see `createOrdersService().settled`). */
  background(work: Promise<unknown>): void;
}
