import { eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { withTransaction } from "#db/client.ts";
import { users } from "#db/schema/accounts.ts";
import { accountErrors, accountMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import { type AccountInternals, normalizeEmail } from "./internals.ts";
import { refuseBlocked } from "./standing.ts";
import type { Requester, SignedIn } from "./types.ts";

export function createGoogleSignIn(internals: AccountInternals) {
  const { db, identity, limiter, now, policy, sessionStore, findByEmail, startSession } = internals;

  return {
    /**
     * Links to the account with that verified e-mail, dropping a password nobody proved (an account pre-registered by
     * someone else cannot be entered with it), or creates one. Nothing sent beside the token is trusted.
     */
    async signInWithGoogle(input: { idToken: string | undefined } & Requester): Promise<SignedIn> {
      if (!identity.configured) throw new AppError("UNAVAILABLE", accountMessages.googleUnavailable);
      if (!input.idToken) throw new AppError("UNAUTHORIZED", accountErrors.googleNoToken);
      await limiter.consume(`signin:ip:${input.ip}`, policy.signinIp);
      const verified = await identity.verify(input.idToken);
      if (!verified.emailVerified) throw new AppError("UNAUTHORIZED", accountErrors.googleEmailUnverified);
      const email = normalizeEmail(verified.email);
      return withTransaction(db, async (tx) => {
        const at = now();
        const [bySubject] = await tx.select().from(users).where(eq(users.googleSub, verified.subject));
        refuseBlocked(bySubject);
        if (bySubject) return startSession(bySubject, input, tx);
        const existing = await findByEmail(email, tx);
        refuseBlocked(existing);
        if (existing) {
          const [linked] = await tx
            .update(users)
            .set({
              googleSub: verified.subject,
              isVerified: true,
              passwordHash: existing.isVerified ? existing.passwordHash : null,
              updatedAt: at,
            })
            .where(eq(users.id, existing.id))
            .returning();
          if (!existing.isVerified) await sessionStore.revokeAllOfUser(existing.id, tx);
          return startSession(linked ?? existing, input, tx);
        }
        const [created] = await tx
          .insert(users)
          .values({
            id: uuidv7(),
            name: (verified.name ?? email.split("@")[0] ?? "Shopper").slice(0, 100),
            email,
            googleSub: verified.subject,
            isVerified: true,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!created) throw new Error("account was not created");
        return startSession(created, input, tx);
      });
    },
  };
}
