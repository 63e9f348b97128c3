import type { Db } from "#db/client.ts";
import { withTransaction } from "#db/client.ts";
import type { StaffRole } from "#db/schema/accounts.ts";
import type { AccountsService } from "../accounts/accounts-service.ts";
import type { Mailer } from "../accounts/ports.ts";
import type { Account, Authenticated } from "../accounts/types.ts";
import { type BackOfficeClock, backOfficeAccess } from "./access.ts";
import { type Actor, createAuditTrail } from "./audit.ts";
import { createOwnerClaims } from "./owner-claims.ts";
import { createStaffInvites } from "./staff-invites.ts";

export type AuditTrail = ReturnType<typeof createAuditTrail>;
export type BackOfficeService = ReturnType<typeof createBackOfficeService>;

/** Staff, roles, invitations (decision 039), the owner's first way in, the back-office clock and the audit trail (031). */
export function createBackOfficeService(deps: {
  db: Db;
  now: () => Date;
  accounts: AccountsService;
  clock: BackOfficeClock;
  /** Invitations: their codes are keyed with it, e-mailed through the mailer with a link to the public URL. */
  invites: { secret: string; publicUrl: string; mailer: Mailer };
}) {
  const { db, now, accounts, clock } = deps;
  const audit = createAuditTrail({ db, now });
  const claims = createOwnerClaims({ db, now, accounts, audit });
  const invites = createStaffInvites({ db, now, accounts, audit, ...deps.invites });

  return {
    audit,
    claims,
    invites,
    clock,

    access: (found: Pick<Authenticated, "user" | "backOffice"> | null) => backOfficeAccess(found, clock, now()),

    /** Grants or revokes a role, recorded with who did it. */
    async setRole(actor: Actor, email: string, role: StaffRole | null, reason?: string): Promise<Account> {
      return withTransaction(db, async (tx) => {
        const { before, account } = await accounts.setRole(email, role, tx);
        if (before !== role) {
          await audit.record(tx, actor, {
            action: role ? "staff.grant" : "staff.revoke",
            entityType: "staff",
            entityId: account.id,
            before: { email: account.email, role: before },
            after: { email: account.email, role },
            reason,
          });
        }
        return account;
      });
    },
  };
}
