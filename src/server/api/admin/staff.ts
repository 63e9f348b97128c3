import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { StaffInvite } from "#domain/back-office/staff-invites.ts";
import { inviteForm, joinForm } from "#shared/schemas/back-office-staff.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office"];

const inviteJson = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(["owner", "staff"]),
  attempts: z.number().int().describe("Wrong codes entered so far"),
  invitedBy: z.string().nullable(),
  createdAt: z.string().describe("ISO 8601"),
  expiresAt: z.string().describe("ISO 8601"),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
const params = z.object({ id: idParam("Invitation id") });

const present = (invite: StaffInvite): z.output<typeof inviteJson> => ({
  ...invite,
  createdAt: invite.createdAt.toISOString(),
  expiresAt: invite.expiresAt.toISOString(),
  acceptedAt: invite.acceptedAt?.toISOString() ?? null,
  revokedAt: invite.revokedAt?.toISOString() ?? null,
});

/**
 * `/api/admin/staff/invites` (the owner's) and `/api/admin/staff/join` (any signed-in account with an invitation's
 * code): the same service as /admin/staff and /admin/join (decision 039).
 */
export const staffAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services }) => {
  const { invites } = services.backOffice;

  app.get(
    "/staff/invites",
    {
      config: { role: "owner" },
      schema: {
        tags,
        summary: "Invitations not accepted or revoked yet, newest first (owner only)",
        response: { 200: z.array(inviteJson), ...errorResponses(403) },
      },
    },
    async () => (await invites.pending()).map(present),
  );

  app.post(
    "/staff/invites",
    {
      config: { role: "owner", recentPassword: true },
      schema: {
        tags,
        summary: "Invite an e-mail address with a role: a 6-digit code is e-mailed (owner only; recent password)",
        body: inviteForm,
        response: { 201: inviteJson, ...errorResponses(400, 403, 409, 503) },
      },
    },
    async (request, reply) => {
      const invite = await invites.invite(staffOf(request), request.body);
      return reply.status(201).send(present(invite));
    },
  );

  app.post(
    "/staff/invites/:id/resend",
    {
      config: { role: "owner" },
      schema: {
        tags,
        summary: "Send a pending invitation again with a new code and a new validity (owner only)",
        params,
        response: { 200: inviteJson, ...errorResponses(403, 404, 409, 503) },
      },
    },
    async (request) => present(await invites.resend(staffOf(request), request.params.id)),
  );

  app.delete(
    "/staff/invites/:id",
    {
      config: { role: "owner" },
      schema: {
        tags,
        summary: "Revoke a pending invitation: its code stops working (owner only)",
        params,
        response: { 200: inviteJson, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => present(await invites.revoke(staffOf(request), request.params.id)),
  );

  app.post(
    "/staff/join",
    {
      config: { anyAccount: true },
      schema: {
        tags,
        summary: "Accept an invitation: the signed-in, verified account whose address was invited gives the code",
        description: "The one /api/admin route open to an account without a role (a visitor gets 401).",
        body: joinForm,
        response: { 200: z.object({ role: z.enum(["owner", "staff"]) }), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new Error("the guard lets only signed-in accounts through");
      const account = await services.accounts.getProfile(user.id);
      return services.backOffice.invites.join(account, request.body.code);
    },
  );
};
