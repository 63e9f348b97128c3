import { z } from "zod";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { staffInviteMessages } from "#shared/messages/back-office-staff.ts";
import { reasonField, staffRoleForm } from "./back-office.ts";

// Staff invitations (decision 039), shared by /admin/staff, /admin/join and /api/admin/staff so both answer alike.

export const inviteForm = z.object({
  email: staffRoleForm.shape.email,
  role: z.enum(["owner", "staff"], { error: backOfficeMessages.roleInvalid }),
  reason: reasonField,
});

export const joinForm = z.object({
  code: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\s/g, "") : value),
    z.string({ error: staffInviteMessages.codeShape }).regex(/^\d{6}$/, { error: staffInviteMessages.codeShape }),
  ),
});
