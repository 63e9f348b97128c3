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

export interface OrdersDeps {
  db: Db;
  gateway: PaymentGateway;
  /** Stock belongs to the catalogue (decision 011). */
  catalog: Pick<CatalogService, "reserveStock" | "releaseStock">;
  cart: Pick<CartService, "list" | "removeOrdered">;
  mailer: Mailer;
  changes: CatalogChanges;
  now: () => Date;
  holdMinutes: number;
  publicUrl: string;
  log: OrdersLog;
}

export interface OrdersContext extends OrdersDeps {
  statements: OrderStatements;
  /** Work after the answer (e-mail); `settled()` waits for it before closing. */
  background(work: Promise<unknown>): void;
}
