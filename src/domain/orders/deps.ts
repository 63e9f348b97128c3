import type { Db, DbExecutor } from "#db/client.ts";
import type { Mailer } from "../accounts/ports.ts";
import type { Actor, AuditEntry } from "../back-office/audit.ts";
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
  /** The back office's audit trail (decision 031), written in the transaction of each staff change to an order. */
  audit?: { record(tx: DbExecutor, actor: Actor, entry: AuditEntry): Promise<unknown> };
}

export interface OrdersContext extends OrdersDeps {
  statements: OrderStatements;
  /** Work after the answer (e-mail); `settled()` waits for it before closing. */
  background(work: Promise<unknown>): void;
}
