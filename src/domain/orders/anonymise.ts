import { eq, sql } from "drizzle-orm";
import type { DbExecutor } from "#db/client.ts";
import { orders } from "#db/schema/orders.ts";

/**
 * An erased customer's orders stay for the accounts (amounts, lines, invoices, refunds), with who and where replaced
 * (DPDP). The billing address keeps its country and state: the invoice's place of supply, which names nobody.
 */
export async function anonymiseOrdersOf(
  tx: DbExecutor,
  userId: string,
  replacement: { name: string; email: string },
): Promise<number> {
  const changed = await tx
    .update(orders)
    .set({
      name: replacement.name,
      email: replacement.email,
      phoneNumber: "",
      address: "",
      pincode: "",
      billing: sql`jsonb_build_object(
        'fullName', ${replacement.name}::text, 'country', coalesce(${orders.billing}->>'country', ''),
        'streetAddressLine1', '', 'streetAddressLine2', '', 'city', '',
        'state', coalesce(${orders.billing}->>'state', ''), 'zipCode', '', 'phoneNumber', '', 'email', ${replacement.email}::text)`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.userId, userId))
    .returning({ id: orders.id });
  return changed.length;
}
