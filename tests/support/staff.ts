import type { StaffRole } from "#db/schema/accounts.ts";
import { GOOD_PASSWORD, uniqueEmail, uniqueIp } from "./accounts.ts";
import { createTestUser } from "./builders.ts";
import type { TestApp } from "./test-app.ts";

export type Who = "visitor" | "shopper" | StaffRole;

/** A verified account with `role`, signed in with its password: `sid` is its session token (cookie or bearer). */
export async function signedInAs(app: TestApp, role: StaffRole | null) {
  const user = await createTestUser(app.db, { email: uniqueEmail(role ?? "shopper"), password: GOOD_PASSWORD, role });
  const signedIn = await app.services.accounts.signIn({ email: user.email, password: GOOD_PASSWORD, ip: uniqueIp() });
  return { user, sid: signedIn.token, sessionId: signedIn.sessionId };
}

/** One session per kind of requester, for tables of who may do what; the visitor has none. */
export async function everyone(app: TestApp): Promise<Record<Who, string | undefined>> {
  const [shopper, staff, owner] = await Promise.all([signedInAs(app, null), signedInAs(app, "staff"), signedInAs(app, "owner")]);
  return { visitor: undefined, shopper: shopper.sid, staff: staff.sid, owner: owner.sid };
}
