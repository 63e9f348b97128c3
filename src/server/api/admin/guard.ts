import type { FastifyReply, FastifyRequest } from "fastify";
import type { StaffRole } from "#db/schema/accounts.ts";
import type { BackOfficeService } from "#domain/back-office/back-office-service.ts";
import { AppError } from "#domain/errors.ts";
import type { Services } from "#domain/services.ts";
import { backOfficeMessages } from "#shared/back-office-messages.ts";
import { sessionMessages } from "#shared/messages.ts";
import { notFoundAnswer } from "../../plugins/error-handler.ts";

/**
 * What a `/api/admin` route asks of its caller, in its route `config` (decision 031): `role` ("owner" for the owner's
 * routes), `recentPassword` for sensitive changes, `idleAllowed` for the one route that restarts the clock.
 */
export interface AdminRouteConfig {
  role?: StaffRole;
  recentPassword?: boolean;
  idleAllowed?: boolean;
  /** Any signed-in account, role or not: only joining with an invitation's code (decision 039). */
  anyAccount?: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the back-office guard for `/api/admin` routes: the staff member acting. */
    staff: { id: string; email: string; role: StaffRole } | null;
  }
}

/** Runs first on every `/api/admin` route: anyone without a role gets the API's 404, as for an unknown path. */
export function adminGuard(services: Pick<Services, "accounts" | "backOffice">) {
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const config = (request.routeOptions.config ?? {}) as AdminRouteConfig;
    if (config.anyAccount) {
      if (!request.user) throw new AppError("UNAUTHORIZED", sessionMessages.loginFirst);
      return;
    }
    const access = services.backOffice.access(
      request.user && request.session ? { user: request.user, backOffice: request.session.backOffice } : null,
    );
    if (access.kind === "none") return notFoundAnswer(request, reply);
    if (access.kind === "idle" && !config.idleAllowed) throw new AppError("UNAUTHORIZED", backOfficeMessages.idleTimedOut);
    if (config.role === "owner" && access.role !== "owner") throw new AppError("FORBIDDEN", backOfficeMessages.ownerOnly);
    if (config.recentPassword && (access.kind !== "ok" || !access.passwordRecent)) {
      throw new AppError("FORBIDDEN", backOfficeMessages.reauthNeeded, { reauthenticate: "/api/admin/session/confirm" });
    }
    request.staff = { id: access.user.id, email: access.user.email, role: access.role };
    if (access.kind === "ok" && access.touch && request.session) await services.accounts.touchBackOffice(request.session.id);
  };
}

/** The acting staff member of a guarded route. */
export function staffOf(request: FastifyRequest): NonNullable<FastifyRequest["staff"]> {
  if (!request.staff) throw new AppError("UNAUTHORIZED", backOfficeMessages.idleTimedOut);
  return request.staff;
}

export type { BackOfficeService };
