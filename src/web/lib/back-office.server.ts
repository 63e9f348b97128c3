import { data, type RouterContextProvider, redirect } from "react-router";
import { authRequestContext, backOfficeContext, servicesContext } from "#app-context";
import type { BackOfficeAccess } from "#domain/back-office/access.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { safeRedirectPath } from "#shared/schemas/accounts.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
export type StaffAccess = Extract<BackOfficeAccess, { kind: "ok" }>;

/** Back-office answers are never stored and never indexed (decision 031). */
export const backOfficeHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export function confirmHref(path: string, reason: "idle" | "reauth"): string {
  return `/admin/confirm?reason=${reason}&redirectTo=${encodeURIComponent(safeRedirectPath(path))}`;
}

/**
 * The staff member behind a back-office loader or action, decided on the server: anyone else gets the shop's 404 (an
 * unknown page); an idle back-office session confirms the password first; `owner` pages refuse staff with a 403.
 */
export async function requireStaff({ request, context }: Args, need: "staff" | "owner" = "staff"): Promise<StaffAccess> {
  const access = context.get(backOfficeContext);
  if (access.kind === "none") throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (access.kind === "idle") throw redirect(confirmHref(url.pathname + url.search, "idle"));
  if (need === "owner" && access.role !== "owner") throw data(backOfficeMessages.ownerOnly, { status: 403 });
  const { sessionId } = context.get(authRequestContext);
  if (access.touch && sessionId) await context.get(servicesContext).accounts.touchBackOffice(sessionId);
  return access;
}

/** Sensitive changes (bulk prices, imports, deletes, money) ask for the password again after a while. */
export async function requireRecentPassword(args: Args, need: "staff" | "owner" = "staff"): Promise<StaffAccess> {
  const access = await requireStaff(args, need);
  if (!access.passwordRecent) {
    const url = new URL(args.request.url);
    throw redirect(confirmHref(url.pathname + url.search, "reauth"));
  }
  return access;
}

/** The acting account as the audit trail records it. */
export function actorOf(access: StaffAccess) {
  return { id: access.user.id, email: access.user.email };
}
