import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import type { StaffRole } from "#db/schema/accounts.ts";
import { staffInvites } from "#db/schema/back-office.ts";
import { staffInviteMessages } from "#shared/messages/back-office-staff.ts";
import type { AccountsService } from "../accounts/accounts-service.ts";
import { staffInviteEmail } from "../accounts/emails.ts";
import type { Mailer } from "../accounts/ports.ts";
import { hashCode, randomCode, sameHash } from "../accounts/secrets.ts";
import type { Account } from "../accounts/types.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import type { Actor } from "./audit.ts";
import type { AuditTrail } from "./back-office-service.ts";

export const INVITE_DAYS = 7;
export const INVITE_MAX_ATTEMPTS = 5;
const PENDING_SHOWN = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type StaffInvite = Omit<typeof staffInvites.$inferSelect, "codeHash">;

/**
 * Invitations to the back office (decision 039): the owner names an e-mail and a role; a 6-digit code, keyed-hashed at
 * rest, goes to that address; the account signed in with that verified address enters it on /admin/join within
 * INVITE_DAYS and INVITE_MAX_ATTEMPTS tries and gets the role. Every step is audited.
 */
export function createStaffInvites(deps: {
  db: Db;
  now: () => Date;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  accounts: Pick<AccountsService, "roleByEmail" | "setRole">;
  audit: AuditTrail;
}) {
  const { db, now, secret, accounts, audit } = deps;
  const joinUrl = new URL("/admin/join", deps.publicUrl).toString();
  const withoutHash = ({ codeHash: _, ...invite }: typeof staffInvites.$inferSelect): StaffInvite => invite;
  const pending = and(isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt));

  async function mail(invite: StaffInvite, code: string): Promise<void> {
    try {
      await deps.mailer.send(staffInviteEmail({ to: invite.email, role: invite.role, code, joinUrl, days: INVITE_DAYS }));
    } catch {
      throw new AppError("UNAVAILABLE", staffInviteMessages.mailFailed(invite.email));
    }
  }

  /** A fresh code and validity for an invitation, in the caller's transaction. */
  async function newCode(tx: DbExecutor, id: string, at: Date) {
    const code = randomCode();
    const expiresAt = new Date(at.getTime() + INVITE_DAYS * 86_400_000);
    await tx
      .update(staffInvites)
      .set({ codeHash: hashCode(secret, id, code), attempts: 0, expiresAt })
      .where(eq(staffInvites.id, id));
    return { code, expiresAt };
  }

  async function pendingById(tx: DbExecutor, id: string) {
    if (!UUID.test(id)) throw notFound(staffInviteMessages.notFound);
    const [row] = await tx.select().from(staffInvites).where(eq(staffInvites.id, id)).for("update");
    if (!row) throw notFound(staffInviteMessages.notFound);
    if (row.acceptedAt || row.revokedAt) throw new AppError("CONFLICT", staffInviteMessages.notPending);
    return row;
  }

  return {
    /** A new invitation replaces the pending ones of the same address; someone who already has a role is refused. */
    async invite(actor: Actor, input: { email: string; role: StaffRole; reason?: string | undefined }): Promise<StaffInvite> {
      const email = input.email.trim().toLowerCase();
      const { invite, code } = await withTransaction(db, async (tx) => {
        const role = await accounts.roleByEmail(email, tx);
        if (role === "owner" || role === input.role) {
          throw new AppError("CONFLICT", staffInviteMessages.alreadyHasRole(email, role));
        }
        const at = now();
        await tx
          .update(staffInvites)
          .set({ revokedAt: at })
          .where(and(eq(staffInvites.email, email), pending));
        const id = uuidv7();
        const code = randomCode();
        const [row] = await tx
          .insert(staffInvites)
          .values({
            id,
            email,
            role: input.role,
            codeHash: hashCode(secret, id, code),
            invitedBy: actor.id,
            createdAt: at,
            expiresAt: new Date(at.getTime() + INVITE_DAYS * 86_400_000),
          })
          .returning();
        if (!row) throw new Error("invitation not written");
        await audit.record(tx, actor, {
          action: "staff.invite",
          entityType: "staff-invite",
          entityId: id,
          before: null,
          after: { email, role: input.role },
          reason: input.reason,
        });
        return { invite: withoutHash(row), code };
      });
      await mail(invite, code);
      return invite;
    },

    /** A new code and a new validity; the old code stops working. */
    async resend(actor: Actor, id: string): Promise<StaffInvite> {
      const { invite, code } = await withTransaction(db, async (tx) => {
        const row = await pendingById(tx, id);
        const fresh = await newCode(tx, id, now());
        await audit.record(tx, actor, {
          action: "staff.invite-resend",
          entityType: "staff-invite",
          entityId: id,
          before: { expiresAt: row.expiresAt.toISOString() },
          after: { expiresAt: fresh.expiresAt.toISOString() },
        });
        return { invite: { ...withoutHash(row), attempts: 0, expiresAt: fresh.expiresAt }, code: fresh.code };
      });
      await mail(invite, code);
      return invite;
    },

    async revoke(actor: Actor, id: string): Promise<StaffInvite> {
      return withTransaction(db, async (tx) => {
        const row = await pendingById(tx, id);
        const at = now();
        await tx.update(staffInvites).set({ revokedAt: at }).where(eq(staffInvites.id, id));
        await audit.record(tx, actor, {
          action: "staff.invite-revoke",
          entityType: "staff-invite",
          entityId: id,
          before: { email: row.email, role: row.role },
          after: null,
        });
        return { ...withoutHash(row), revokedAt: at };
      });
    },

    /** Invitations not accepted or revoked, newest first (expired ones too: the owner may send them again). */
    async pending(): Promise<StaffInvite[]> {
      const rows = await db.select().from(staffInvites).where(pending).orderBy(desc(staffInvites.createdAt)).limit(PENDING_SHOWN);
      return rows.map(withoutHash);
    },

    /**
     * The signed-in account's newest invitation for its own address: a try is spent (and committed) before the code is
     * compared, so guesses stay bounded however many run at once; the right code gives the role and closes it.
     */
    async join(account: Account, code: string): Promise<{ role: StaffRole }> {
      if (!account.isVerified) throw new AppError("FORBIDDEN", staffInviteMessages.needsVerified);
      if (!/^\d{6}$/.test(code)) throw badRequest(staffInviteMessages.codeShape);
      const email = account.email.toLowerCase();
      const [latest] = await db
        .select()
        .from(staffInvites)
        .where(eq(staffInvites.email, email))
        .orderBy(desc(staffInvites.createdAt))
        .limit(1);
      if (!latest) throw badRequest(staffInviteMessages.noInvite(email));
      if (latest.acceptedAt) throw new AppError("CONFLICT", staffInviteMessages.inviteUsed);
      if (latest.revokedAt) throw new AppError("CONFLICT", staffInviteMessages.inviteRevoked);
      if (latest.expiresAt <= now()) throw new AppError("CONFLICT", staffInviteMessages.inviteExpired);
      const [spent] = await db
        .update(staffInvites)
        .set({ attempts: sql`${staffInvites.attempts} + 1` })
        .where(and(eq(staffInvites.id, latest.id), pending, lt(staffInvites.attempts, INVITE_MAX_ATTEMPTS)))
        .returning({ attempts: staffInvites.attempts, codeHash: staffInvites.codeHash });
      if (!spent) throw new AppError("CONFLICT", staffInviteMessages.tooManyAttempts);
      if (!sameHash(spent.codeHash, hashCode(secret, latest.id, code))) {
        const left = INVITE_MAX_ATTEMPTS - spent.attempts;
        throw left > 0
          ? badRequest(staffInviteMessages.wrongCode(left))
          : new AppError("CONFLICT", staffInviteMessages.tooManyAttempts);
      }
      return withTransaction(db, async (tx) => {
        const [accepted] = await tx
          .update(staffInvites)
          .set({ acceptedAt: now() })
          .where(and(eq(staffInvites.id, latest.id), pending))
          .returning({ id: staffInvites.id });
        if (!accepted) throw new AppError("CONFLICT", staffInviteMessages.inviteUsed);
        // An owner invited as staff stays owner: an invitation never lowers a role.
        const current = await accounts.roleByEmail(email, tx);
        const role: StaffRole = current === "owner" ? "owner" : latest.role;
        const { before } = await accounts.setRole(email, role, tx);
        await audit.record(tx, account, {
          action: "staff.invite-accept",
          entityType: "staff",
          entityId: account.id,
          before: { email, role: before },
          after: { email, role, inviteId: latest.id },
        });
        return { role };
      });
    },
  };
}

export type StaffInvites = ReturnType<typeof createStaffInvites>;
