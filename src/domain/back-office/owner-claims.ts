import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { type Db, withTransaction } from "#db/client.ts";
import { ownerClaims } from "#db/schema/back-office.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import type { AccountsService } from "../accounts/accounts-service.ts";
import { hashToken, randomToken } from "../accounts/secrets.ts";
import type { Account } from "../accounts/types.ts";
import { AppError } from "../errors.ts";
import type { AuditTrail } from "./back-office-service.ts";

const CLAIM_TTL_MS = 60 * 60 * 1000;

/**
 * The first way in (decision 031): while the shop has no owner, each start issues a random one-time link, valid an
 * hour, that only the log shows; a signed-in, verified account that opens it becomes the owner.
 */
export function createOwnerClaims(deps: {
  db: Db;
  now: () => Date;
  accounts: Pick<AccountsService, "ownerCount" | "setRole">;
  audit: AuditTrail;
}) {
  const { db, now, accounts, audit } = deps;
  return {
    /** A new token when the shop has no owner, else null. */
    async issueIfOwnerless(): Promise<string | null> {
      if ((await accounts.ownerCount()) > 0) return null;
      const token = randomToken();
      const at = now();
      await db.delete(ownerClaims).where(lt(ownerClaims.expiresAt, at));
      await db
        .insert(ownerClaims)
        .values({ id: uuidv7(), tokenHash: hashToken(token), createdAt: at, expiresAt: new Date(at.getTime() + CLAIM_TTL_MS) });
      return token;
    },

    /** Whether the link can still be used: unused, unexpired, and the shop still without an owner. */
    async isUsable(token: string): Promise<boolean> {
      if (token.length < 20 || token.length > 200) return false;
      const [claim] = await db
        .select({ id: ownerClaims.id })
        .from(ownerClaims)
        .where(and(eq(ownerClaims.tokenHash, hashToken(token)), isNull(ownerClaims.usedAt), gt(ownerClaims.expiresAt, now())));
      return claim !== undefined && (await accounts.ownerCount()) === 0;
    },

    async redeem(token: string, account: Account): Promise<void> {
      if (!account.isVerified) throw new AppError("FORBIDDEN", backOfficeMessages.claimNeedsVerified);
      await withTransaction(db, async (tx) => {
        const at = now();
        const used = await tx
          .update(ownerClaims)
          .set({ usedAt: at })
          .where(and(eq(ownerClaims.tokenHash, hashToken(token)), isNull(ownerClaims.usedAt), gt(ownerClaims.expiresAt, at)))
          .returning({ id: ownerClaims.id });
        if (used.length === 0 || (await accounts.ownerCount(tx)) > 0) {
          throw new AppError("NOT_FOUND", backOfficeMessages.claimInvalid);
        }
        const { before } = await accounts.setRole(account.email, "owner", tx);
        // Every other link dies with this one: the shop has an owner now.
        await tx.update(ownerClaims).set({ usedAt: at }).where(isNull(ownerClaims.usedAt));
        await audit.record(tx, account, {
          action: "staff.claim-owner",
          entityType: "staff",
          entityId: account.id,
          before: { role: before },
          after: { role: "owner" },
        });
      });
    },
  };
}
