import { eq } from "drizzle-orm";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { shopSettings } from "#db/schema/back-office.ts";
import type { ShopSettingsInput } from "#shared/schemas/back-office-settings.ts";
import type { Actor, AuditEntry } from "./audit.ts";

export interface ShopSettings {
  shopName: string;
  /** Lines separated by newlines. */
  address: string;
  /** An Indian state or union territory (src/shared/indian-states.ts), or "" until the owner sets it. */
  state: string;
  gstin: string;
  lowStockThreshold: number;
  updatedAt: Date;
}

export type ShopSettingsService = ReturnType<typeof createShopSettings>;

const columns = {
  shopName: shopSettings.shopName,
  address: shopSettings.address,
  state: shopSettings.state,
  gstin: shopSettings.gstin,
  lowStockThreshold: shopSettings.lowStockThreshold,
  updatedAt: shopSettings.updatedAt,
};

const ROW = 1;
const snapshot = ({ updatedAt: _, ...values }: ShopSettings) => values;

/** The one `shop_settings` row (migration 0014 inserts it): read by invoices and the dashboard, changed by the owner. */
export function createShopSettings({
  db,
  now,
  audit,
}: {
  db: Db;
  now: () => Date;
  audit: { record(tx: DbExecutor, actor: Actor, entry: AuditEntry): Promise<unknown> };
}) {
  async function read(tx: DbExecutor, lock: boolean): Promise<ShopSettings> {
    const query = tx.select(columns).from(shopSettings).where(eq(shopSettings.id, ROW));
    const [row] = lock ? await query.for("update") : await query;
    if (row) return row;
    // A database restored without the row: start from the column defaults.
    const [inserted] = await tx.insert(shopSettings).values({ id: ROW }).onConflictDoNothing().returning(columns);
    if (inserted) return inserted;
    return read(tx, lock);
  }

  return {
    get: (tx: DbExecutor = db): Promise<ShopSettings> => read(tx, false),

    /** Saves every field at once, audited with the values before and after; an unchanged save writes nothing. */
    async update(actor: Actor, input: ShopSettingsInput): Promise<ShopSettings> {
      return withTransaction(db, async (tx) => {
        const before = await read(tx, true);
        const values = {
          shopName: input.shopName,
          address: input.address,
          state: input.state,
          gstin: input.gstin,
          lowStockThreshold: input.lowStockThreshold,
        };
        if (JSON.stringify(snapshot(before)) === JSON.stringify(values)) return before;
        const [after] = await tx
          .update(shopSettings)
          .set({ ...values, updatedAt: now() })
          .where(eq(shopSettings.id, ROW))
          .returning(columns);
        if (!after) throw new Error("shop settings not written");
        await audit.record(tx, actor, {
          action: "settings.update",
          entityType: "shop-settings",
          entityId: String(ROW),
          before: snapshot(before),
          after: snapshot(after),
          reason: input.reason,
        });
        return after;
      });
    },
  };
}
