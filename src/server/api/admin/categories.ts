import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { imageUrl } from "#shared/images.ts";
import {
  categoryCreateForm,
  categoryOrderBody,
  categoryUpdateForm,
  moveProductsForm,
  reasonOnlyForm,
  revertBody,
} from "#shared/schemas/back-office-catalog.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { errorResponses } from "../error-schemas.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

const tags = ["Back office"];

const categoryJson = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  image: z.string().nullable().describe("File name in the picture library"),
  imageUrl: z.string().nullable(),
  parentId: z.string().nullable(),
  position: z.number().int(),
  products: z.number().int().describe("Products whose category or sub-category it is"),
});
const categoryTreeJson = categoryJson.extend({ children: z.array(categoryJson) });
const ok = z.object({ ok: z.literal(true) });
const params = z.object({ id: idParam("Category id") });

/** `/api/admin/categories`: the same service and checks as /admin/categories; deleting asks for a recent password. */
export const categoriesAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services, publicUrl }) => {
  const admin = services.categoriesAdmin;
  const present = <T extends { image: string | null }>(category: T) => ({
    ...category,
    imageUrl: category.image ? imageUrl(category.image, publicUrl) : null,
  });

  app.get(
    "/categories",
    {
      schema: {
        tags,
        summary: "Categories with their sub-categories, in shown order, with product counts",
        response: { 200: z.array(categoryTreeJson) },
      },
    },
    async () => (await admin.tree()).map((top) => ({ ...present(top), children: top.children.map(present) })),
  );

  app.post(
    "/categories",
    {
      schema: {
        tags,
        summary: "Create a category, or a sub-category with parentId (it goes last among its siblings)",
        body: categoryCreateForm,
        response: { 201: z.object({ id: z.string() }), ...errorResponses(400) },
      },
    },
    async (request, reply) => reply.status(201).send(await admin.create(staffOf(request), request.body)),
  );

  app.put(
    "/categories/:id",
    {
      schema: {
        tags,
        summary: "Rename, recolour and set the picture of a category",
        params,
        body: categoryUpdateForm,
        response: { 200: ok, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await admin.update(staffOf(request), request.params.id, request.body);
      return { ok: true as const };
    },
  );

  app.put(
    "/categories/order",
    {
      schema: {
        tags,
        summary: "Set the order of every category under one parent (parentId null: the top level)",
        body: categoryOrderBody,
        response: { 200: ok, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { parentId, ids, reason } = request.body;
      await admin.setOrder(staffOf(request), parentId, ids, reason);
      return { ok: true as const };
    },
  );

  app.post(
    "/categories/move-products",
    {
      schema: {
        tags,
        summary: "Move every product of a category or sub-category into another, in one transaction",
        body: moveProductsForm,
        response: { 200: z.object({ moved: z.number().int() }), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { from, to, reason } = request.body;
      const { moved } = await admin.moveProducts(staffOf(request), from, to, reason);
      return { moved };
    },
  );

  app.delete(
    "/categories/:id",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary: "Delete a category (recent password): refused (409) while products or sub-categories name it",
        params,
        querystring: reasonOnlyForm,
        response: { 200: ok, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      await admin.delete(staffOf(request), request.params.id, request.query.reason);
      return { ok: true as const };
    },
  );

  app.post(
    "/categories/:id/history/:eventId/revert",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary:
          "Put back what one category.update changed: name, colour, picture (recent password); 409 listing later " +
          "changes of the same fields unless confirm is true. The revert is recorded in the audit trail",
        params: z.object({ id: idParam("Category id"), eventId: idParam("Audit event id") }),
        body: revertBody,
        response: { 200: ok, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, eventId } = request.params;
      await admin.revert(staffOf(request), id, eventId, request.body);
      return { ok: true as const };
    },
  );
};
