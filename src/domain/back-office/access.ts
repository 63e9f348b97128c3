import type { StaffRole } from "#db/schema/accounts.ts";
import type { Account, Authenticated } from "../accounts/types.ts";

export interface BackOfficeClock {
  /** A back-office session with no request for this long must give the password again. */
  idleMinutes: number;
  /** Sensitive changes (bulk prices, imports, deletes, money) need the password given within this long. */
  reauthMinutes: number;
}

/** What a request may do in the back office (decision 031): nothing, confirm the password first, or work. */
export type BackOfficeAccess =
  | { kind: "none" }
  | { kind: "idle"; user: Account; role: StaffRole }
  | { kind: "ok"; user: Account; role: StaffRole; passwordRecent: boolean; touch: boolean };

const MINUTE = 60_000;
/** The back-office clock is written at most this often, so reading a page is rarely a write. */
const TOUCH_EVERY_MS = MINUTE;

export function backOfficeAccess(
  found: Pick<Authenticated, "user" | "backOffice"> | null,
  clock: BackOfficeClock,
  at: Date,
): BackOfficeAccess {
  const role = found?.user.role;
  if (!found || !role) return { kind: "none" };
  const { seenAt, passwordConfirmedAt } = found.backOffice;
  const latest = Math.max(seenAt?.getTime() ?? 0, passwordConfirmedAt?.getTime() ?? 0);
  const now = at.getTime();
  if (now - latest > clock.idleMinutes * MINUTE) return { kind: "idle", user: found.user, role };
  return {
    kind: "ok",
    user: found.user,
    role,
    passwordRecent: passwordConfirmedAt !== null && now - passwordConfirmedAt.getTime() <= clock.reauthMinutes * MINUTE,
    touch: seenAt === null || now - seenAt.getTime() >= TOUCH_EVERY_MS,
  };
}
