import { z } from "zod";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { accountMessages } from "#shared/messages.ts";
import { safeText } from "./text.ts";

// The back office's forms, shared by /admin and /api/admin so both answer alike (decision 031).

export const reasonField = safeText({ name: "Reason" })
  .trim()
  .max(500, { error: backOfficeMessages.reasonTooLong })
  .optional()
  .transform((value) => value || undefined);

export const staffRoleForm = z.object({
  email: safeText({ name: "E-mail", error: accountMessages.emailBlank })
    .trim()
    .min(1, { error: accountMessages.emailBlank })
    .max(254, { error: accountMessages.emailInvalid })
    .pipe(z.email({ error: accountMessages.emailInvalid }))
    .transform((value) => value.toLowerCase()),
  role: z.enum(["owner", "staff", "none"], { error: backOfficeMessages.roleInvalid }),
  reason: reasonField,
});

/** An audit log page: filters and the keyset cursor (`<ISO time>_<event id>`) of the last event shown. */
export const auditQuery = z.object({
  entityType: safeText().trim().max(40).optional().catch(undefined),
  entityId: safeText().trim().max(100).optional().catch(undefined),
  action: safeText().trim().max(60).optional().catch(undefined),
  before: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z_[0-9a-f-]{36}$/)
    .optional()
    .catch(undefined),
});
