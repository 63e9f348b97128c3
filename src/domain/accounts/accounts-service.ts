import { createGoogleSignIn } from "./google-sign-in.ts";
import { createAccountInternals } from "./internals.ts";
import { createPasswordChanges } from "./password-changes.ts";
import { createProfile } from "./profile.ts";
import { createRegistration } from "./registration.ts";
import { createSignIn } from "./sign-in.ts";
import type { AccountsDeps } from "./types.ts";

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Accounts: one object for both adapters (`services.accounts.signIn(...)`), composed of one module per use case group
 * that share the codes, sessions and abuse limits of `internals.ts`.
 */
export function createAccountsService(deps: AccountsDeps) {
  const internals = createAccountInternals(deps);
  return {
    ...createRegistration(internals),
    ...createSignIn(internals),
    ...createPasswordChanges(internals),
    ...createProfile(internals),
    ...createGoogleSignIn(internals),
  };
}
