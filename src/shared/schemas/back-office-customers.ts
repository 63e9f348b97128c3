import { z } from "zod";
import { accountDataMessages } from "#shared/messages/account-data.ts";
import { customerAdminMessages as m } from "#shared/messages/back-office-customers.ts";
import { reasonField } from "./back-office.ts";
import { safeText } from "./text.ts";

// The back office's customers and a shopper's own data requests, shared by /admin, /api/admin, My Account and /api/user.

/** A list page: forgiving, as links are edited by hand (a bad value falls back to the default). */
export const customerListQuery = z.object({
  q: safeText().trim().max(100).optional().catch(undefined),
  status: z.enum(["all", "active", "blocked", "erased"]).default("all").catch("all"),
  after: z.string().max(40).optional().catch(undefined),
  before: z.string().max(40).optional().catch(undefined),
  perPage: z.coerce.number().int().min(1).max(100).default(50).catch(50),
});
export type CustomerListQueryInput = z.output<typeof customerListQuery>;

export const blockForm = z.object({
  reason: safeText({ name: "Reason", error: m.reasonRequired })
    .trim()
    .min(1, { error: m.reasonRequired })
    .max(500, { error: m.reasonTooLong }),
});

export const unblockForm = z.object({ reason: reasonField });

const eraseWord = z.literal("ERASE", { error: m.confirmErase });

export const eraseForm = z.object({ confirm: eraseWord, reason: reasonField });

/** A shopper's own erasure: the password, or the e-mailed code for an account without one. */
export const selfEraseForm = z.object({
  confirm: z.literal("ERASE", { error: accountDataMessages.eraseConfirmMismatch }),
  password: z
    .string()
    .max(1024)
    .optional()
    .transform((value) => value || undefined),
  code: z
    .string()
    .trim()
    .max(12)
    .optional()
    .transform((value) => value || undefined),
});

/** Ids that do not name a customer answer the customer's 404 before any query. */
export function isCustomerId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}
