import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Services } from "#domain/services.ts";
import { accountDataMessages } from "#shared/messages/account-data.ts";
import { selfEraseForm } from "#shared/schemas/back-office-customers.ts";
import type { Cookies } from "../cookies.ts";
import { errorResponses } from "./error-schemas.ts";
import { signedInShopper } from "./route-support.ts";

const tags = ["User"];
const done = z.object({ error: z.literal(false), msg: z.string() });

/** A shopper's own data (DPDP): a JSON copy of it, and erasure on request (decision 036). */
export const accountDataApi: FastifyPluginAsyncZod<{ services: Services; cookies: Cookies }> = async (
  app,
  { services, cookies },
) => {
  const { customers } = services;

  app.get(
    "/user/export",
    { schema: { tags, summary: "Everything the shop holds about the signed-in shopper, as a JSON download" } },
    async (request, reply) => {
      const user = signedInShopper(request);
      const document = await customers.exportData(user.id);
      return reply
        .type("application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`)
        .send(JSON.stringify(document, null, 2));
    },
  );

  app.post(
    "/user/erase/code",
    {
      schema: {
        tags,
        summary: "E-mail the code a Google-only account confirms its erasure with (at most one a minute)",
        response: { 200: done, ...errorResponses(401, 409, 429, 503) },
      },
    },
    async (request) => {
      const user = signedInShopper(request);
      const { email } = await customers.sendErasureCode(user.id);
      return { error: false as const, msg: accountDataMessages.eraseCodeSent(email) };
    },
  );

  app.post(
    "/user/erase",
    {
      schema: {
        tags,
        summary:
          "Erase the signed-in shopper's account (confirm 'ERASE' with the password, or the e-mailed code without one); signs out",
        body: selfEraseForm,
        response: { 200: done, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = signedInShopper(request);
      await customers.eraseSelf(user.id, request.body);
      reply.header("set-cookie", cookies.clearSession());
      return { error: false as const, msg: accountDataMessages.erased };
    },
  );
};
