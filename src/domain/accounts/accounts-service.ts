import { lt } from "drizzle-orm";
import { oneTimeCodes, passwordResetGrants, sessions } from "#db/schema/accounts.ts";
import { createGoogleSignIn } from "./google-sign-in.ts";
import { createAccountInternals } from "./internals.ts";
import { createPasswordChanges } from "./password-changes.ts";
import { createProfile } from "./profile.ts";
import { createRegistration } from "./registration.ts";
import { createSignIn } from "./sign-in.ts";
import { createStaffAccess } from "./staff-access.ts";
import { createStanding } from "./standing.ts";
import type { AccountsDeps } from "./types.ts";

export type AccountsService = ReturnType<typeof createAccountsService>;

/** One object for both adapters, composed of a module per use case sharing `internals.ts`. */
export function createAccountsService(deps: AccountsDeps) {
  const internals = createAccountInternals(deps);
  return {
    ...createRegistration(internals),
    ...createSignIn(internals),
    ...createPasswordChanges(internals),
    ...createProfile(internals),
    ...createGoogleSignIn(internals),
    ...createStaffAccess(internals),
    ...createStanding(internals),

    /** Housekeeping: expired sessions, codes and reset grants, as rows deleted. */
    async prune(before: Date): Promise<number> {
      const { db } = deps;
      const gone = await Promise.all([
        db.delete(sessions).where(lt(sessions.expiresAt, before)).returning({ id: sessions.id }),
        db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, before)).returning({ id: oneTimeCodes.id }),
        db.delete(passwordResetGrants).where(lt(passwordResetGrants.expiresAt, before)).returning({ id: passwordResetGrants.id }),
      ]);
      return gone.reduce((total, rows) => total + rows.length, 0);
    },
  };
}
