import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminBanner } from "#domain/catalog/banners-admin.ts";
import { imageUrl } from "#shared/images.ts";
import {
  bannerBody,
  bannerKindValues,
  bannerOrderBody,
  reasonOnlyForm,
  revertBody,
} from "#shared/schemas/back-office-catalog.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office"];

const bannerJson = z.object({
  id: z.string(),
  kind: z
    .enum(bannerKindValues)
    .describe(
      "home: the carousel (/api/homeBanner); row: /api/banners; side: /api/homeSideBanners; bottom: /api/homeBottomBanners",
    ),
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  alt: z.string(),
  catId: z.string().nullable(),
  subCatId: z.string().nullable(),
  position: z.number().int(),
  startsAt: z.string().nullable().describe("ISO 8601; shown from then (null: always)"),
  endsAt: z.string().nullable().describe("ISO 8601; shown until then (null: always)"),
});
const ok = z.object({ ok: z.literal(true) });
const params = z.object({ id: idParam("Banner id") });

/** `/api/admin/banners`: the same service and checks as /admin/banners; deleting asks for a recent password. */
export const bannersAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services, publicUrl }) => {
  const admin = services.bannersAdmin;
  const present = (banner: AdminBanner) => ({
    ...banner,
    imageUrl: banner.image ? imageUrl(banner.image, publicUrl) : null,
    startsAt: banner.startsAt?.toISOString() ?? null,
    endsAt: banner.endsAt?.toISOString() ?? null,
  });

  app.get(
    "/banners",
    {
      schema: {
        tags,
        summary: "Every banner by kind and shown order, whatever its window",
        response: { 200: z.array(bannerJson) },
      },
    },
    async () => (await admin.list()).map(present),
  );

  app.post(
    "/banners",
    {
      schema: {
        tags,
        summary: "Create a banner (last of its kind); link: a category or sub-category id, or null",
        body: bannerBody,
        response: { 201: bannerJson, ...errorResponses(400) },
      },
    },
    async (request, reply) => reply.status(201).send(present(await admin.create(staffOf(request), request.body))),
  );

  app.put(
    "/banners/order",
    {
      schema: {
        tags,
        summary: "Set the order of every banner of one kind",
        body: bannerOrderBody,
        response: { 200: ok, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { kind, ids, reason } = request.body;
      await admin.setOrder(staffOf(request), kind, ids, reason);
      return { ok: true as const };
    },
  );

  app.put(
    "/banners/:id",
    {
      schema: {
        tags,
        summary: "Change a banner: picture, alt text, link, window, kind",
        params,
        body: bannerBody,
        response: { 200: bannerJson, ...errorResponses(400, 404) },
      },
    },
    async (request) => present(await admin.update(staffOf(request), request.params.id, request.body)),
  );

  app.delete(
    "/banners/:id",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary: "Delete a banner (recent password)",
        params,
        querystring: reasonOnlyForm,
        response: { 200: ok, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      await admin.delete(staffOf(request), request.params.id, request.query.reason);
      return { ok: true as const };
    },
  );

  app.post(
    "/banners/:id/history/:eventId/revert",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary:
          "Put back what one banner.update changed (recent password); 409 listing later changes of the same fields " +
          "unless confirm is true. The revert is recorded in the audit trail",
        params: z.object({ id: idParam("Banner id"), eventId: idParam("Audit event id") }),
        body: revertBody,
        response: { 200: bannerJson, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, eventId } = request.params;
      return present(await admin.revert(staffOf(request), id, eventId, request.body));
    },
  );
};
