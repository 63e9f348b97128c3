import { z } from "zod";
import { orderAdminMessages as m } from "#shared/messages/back-office-orders.ts";
import { rupeesToPaise } from "#shared/money.ts";
import { orderStatusValues } from "#shared/order-statuses.ts";
import { reasonField } from "./back-office.ts";
import { safeText } from "./text.ts";

// The back office's orders (decision 034), shared by /admin/orders and /api/admin/orders. Rupees at the edge, paise
// inside (decision 003).

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const day = z.preprocess(emptyToUndefined, z.iso.date({ error: m.dateInvalid }).optional());

/** A list's filters: bad values of a link are dropped (the list still shows), bad dates are said. */
export const orderListQuery = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(orderStatusValues).optional()).catch(undefined),
  from: day,
  to: day,
  q: safeText().trim().max(200).optional().catch(undefined),
  after: z.string().max(100).optional().catch(undefined),
  before: z.string().max(100).optional().catch(undefined),
  perPage: z.coerce.number().int().min(1).max(100).default(50).catch(50),
});

const line = (name: string, blank: string, max: number) =>
  safeText({ name, error: blank })
    .trim()
    .min(1, { error: blank })
    .max(max, { error: `${name}: at most ${max} characters.` });

export const shipForm = z.object({
  carrier: line("Carrier", m.carrierBlank, 60),
  trackingNumber: line("Tracking number", m.trackingBlank, 100),
  note: reasonField,
});

export const noteOnlyForm = z.object({ note: reasonField });

export const cancelForm = z.object({ reason: reasonField });

export const orderNoteForm = z.object({
  note: safeText({ name: "Note", error: m.noteBlank }).trim().min(1, { error: m.noteBlank }).max(2000, { error: m.noteTooLong }),
});

const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Rupees (a form's text or a JSON number), at least Rs 1 (Razorpay's minimum), as paise. */
export const refundAmount = z.coerce
  .number({ error: m.amountInvalid })
  .refine(Number.isFinite, { error: m.amountInvalid, abort: true })
  .refine(hasTwoDecimalsAtMost, { error: m.amountInvalid, abort: true })
  .refine((value) => value >= 1, { error: m.amountTooSmall, abort: true })
  .refine((value) => value <= 10_000_000, { error: m.amountInvalid })
  .transform(rupeesToPaise);

/** A request key: the page's hidden field, or the API's Idempotency-Key header. */
export const requestKey = z
  .string({ error: m.requestKeyMissing })
  .regex(/^[A-Za-z0-9_-]{10,100}$/, { error: m.requestKeyMissing });

export const refundForm = z.object({
  amount: refundAmount,
  reason: line("Reason", m.refundReasonBlank, 500),
});

export const refundPageForm = refundForm.extend({ requestKey });
