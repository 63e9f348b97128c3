// One file: the routes share the JSON shapes, error answers and the upload gate declared at its top.
// /api/admin/products and /api/admin/pictures: every operation of the product pages, one route each (decision 031).
import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AdminProduct, fieldError, isPriceChange } from "#domain/catalog/product-admin.ts";
import { AppError } from "#domain/errors.ts";
import { CATALOG_PICTURES_PER_UPLOAD, type CatalogPicture } from "#domain/media/catalog-pictures.ts";
import { createGate } from "#domain/media/gate.ts";
import { productAdminMessages } from "#shared/back-office-messages.ts";
import { imageUrl } from "#shared/images.ts";
import { uploadMessages } from "#shared/messages.ts";
import { paiseToRupees } from "#shared/money.ts";
import { reasonField } from "#shared/schemas/back-office.ts";
import {
  expectedUpdatedAt,
  MAX_PRODUCT_PICTURES,
  parseProductInput,
  productInput,
  productListQuery,
  productPicture,
} from "#shared/schemas/back-office-products.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { errorJson } from "../error-schemas.ts";
import { multipartLimits, readNamedFileParts } from "../multipart-images.ts";
import { staffOf } from "./guard.ts";
import type { AdminApiOptions } from "./index.ts";

/** Back-office upload bodies read one at a time, four more waiting (decision 028: each may hold many pictures). */
const pictureBodies = createGate({ slots: 1, queue: 4, busyMessage: uploadMessages.busy, retryAfterSeconds: 60 });

const tags = ["Back office: products"];

const productError = errorJson
  .extend({
    fieldErrors: z.record(z.string(), z.string()).optional().describe("A message per refused field, by its name"),
    later: z
      .array(z.object({ id: z.string(), at: z.string(), action: z.string(), actor: z.string() }))
      .optional()
      .describe("Revert: the later changes it would overwrite (repeat with confirm: true)"),
  })
  .meta({ id: "ProductError" });
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, productError]));

const pictureJson = z.object({ file: z.string(), url: z.string(), alt: z.string() });

const productJson = z
  .object({
    id: z.string(),
    name: z.string(),
    brand: z.string(),
    description: z.string(),
    price: z.number().describe("Rupees, tax included"),
    oldPrice: z.number().nullable(),
    discount: z.number().describe("Per cent, from price and oldPrice"),
    rating: z.number(),
    countInStock: z.number(),
    catId: z.string(),
    catName: z.string(),
    subCatId: z.string().nullable(),
    subCatName: z.string().nullable(),
    productRam: z.array(z.string()),
    size: z.array(z.string()),
    productWeight: z.array(z.string()),
    locations: z.array(z.string()),
    isFeatured: z.boolean(),
    sku: z.string(),
    taxRate: z.number().describe("Per cent"),
    hsnCode: z.string().describe("HSN code for tax invoices, or empty"),
    images: z.array(pictureJson),
    archivedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string().describe("Send it back with PUT: a save over a newer change is refused (409)"),
  })
  .meta({ id: "AdminProduct" });

const libraryPictureJson = z.object({
  file: z.string(),
  url: z.string(),
  originalName: z.string(),
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
});

const historyEventJson = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  revertOf: z.string().nullable(),
  priceChange: z.boolean(),
});

const idParams = z.object({ id: idParam("id") });
const reasonBody = z.object({ reason: reasonField }).default({ reason: undefined });
const updateBody = productInput.and(z.object({ updatedAt: expectedUpdatedAt, reason: reasonField }));
const createBody = productInput.and(z.object({ reason: reasonField }));

/**
 * `/api/admin/products` and `/api/admin/pictures`: the /admin product pages' work for scripts, on the same services
 * and role checks (decision 031). Money in rupees here, paise inside.
 */
export const productsAdminApi: FastifyPluginAsyncZod<AdminApiOptions> = async (app, { services, publicUrl }) => {
  const { productAdmin, catalogPictures } = services;
  await app.register(fastifyMultipart, { limits: multipartLimits(catalogPictures.maxBytes, CATALOG_PICTURES_PER_UPLOAD) });

  const present = (product: AdminProduct) => ({
    ...product,
    price: paiseToRupees(product.pricePaise),
    oldPrice: product.oldPricePaise === null ? null : paiseToRupees(product.oldPricePaise),
    taxRate: product.taxRateBasisPoints / 100,
    images: product.images.map((file, index) => ({
      file,
      url: imageUrl(file, publicUrl),
      alt: product.imageAlts[index] ?? "",
    })),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  });
  const presentPicture = (picture: CatalogPicture) => ({
    ...picture,
    file: picture.fileName,
    url: imageUrl(picture.fileName, publicUrl),
    createdAt: picture.createdAt.toISOString(),
  });

  /** The body as the shared schema reads it, each refused field named (the pages show them beside their inputs). */
  function checkedBody(request: FastifyRequest) {
    if (request.validationError) {
      if (request.validationError.validationContext !== "body")
        throw new AppError("BAD_REQUEST", request.validationError.message);
      const parsed = parseProductInput(request.body);
      throw parsed.ok ? new AppError("BAD_REQUEST", request.validationError.message) : fieldError(parsed.fieldErrors);
    }
  }

  const readPictures = (request: FastifyRequest) =>
    pictureBodies.run(() => readNamedFileParts(request, catalogPictures.maxBytes, CATALOG_PICTURES_PER_UPLOAD));

  app.get(
    "/products",
    {
      schema: {
        tags,
        summary:
          "Products, archived ones too when asked: search (q, as the shop's search, or an exact SKU), filters, sort, " +
          "and keyset pages (after = next, before = previous)",
        querystring: productListQuery,
        response: {
          200: z.object({ items: z.array(productJson), next: z.string().nullable(), previous: z.string().nullable() }),
          ...errors(400),
        },
      },
    },
    async (request) => {
      const page = await productAdmin.list(request.query);
      return { ...page, items: page.items.map(present) };
    },
  );

  app.post(
    "/products",
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Create a product; refused fields come back by name in fieldErrors, and nothing is written",
        body: createBody,
        response: { 201: productJson, ...errors(400) },
      },
    },
    async (request, reply) => {
      checkedBody(request);
      const { reason, ...input } = request.body;
      const product = await productAdmin.create(staffOf(request), input, reason);
      return reply.status(201).send(present(product));
    },
  );

  app.get(
    "/products/:id",
    {
      schema: { tags, summary: "One product, archived or not", params: idParams, response: { 200: productJson, ...errors(404) } },
    },
    async (request) => present(await productAdmin.get(request.params.id)),
  );

  app.put(
    "/products/:id",
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          "Save every field (images too when given); updatedAt as read: a save over someone else's newer change is a 409 " +
          "and nothing is written",
        params: idParams,
        body: updateBody,
        response: { 200: productJson, ...errors(400, 404, 409) },
      },
    },
    async (request) => {
      checkedBody(request);
      const { reason, updatedAt, ...input } = request.body;
      const product = await productAdmin.update(staffOf(request), request.params.id, input, {
        expectedUpdatedAt: updatedAt,
        reason,
      });
      return present(product);
    },
  );

  app.delete(
    "/products/:id",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary: "Delete a product never ordered (recent password); one that was ordered can only be archived (409)",
        params: idParams,
        querystring: z.object({ reason: reasonField }),
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors(403, 404, 409) },
      },
    },
    async (request) => {
      await productAdmin.delete(staffOf(request), request.params.id, request.query.reason);
      return { deleted: true as const };
    },
  );

  for (const verb of ["archive", "unarchive"] as const) {
    app.post(
      `/products/:id/${verb}`,
      {
        schema: {
          tags,
          summary:
            verb === "archive"
              ? "Archive: the product leaves lists, search and the sitemap, its page answers 410; past orders keep it"
              : "Put an archived product back on sale",
          params: idParams,
          body: reasonBody,
          response: { 200: productJson, ...errors(404, 409) },
        },
      },
      async (request) => {
        const actor = staffOf(request);
        const { id } = request.params;
        const product =
          verb === "archive"
            ? await productAdmin.archive(actor, id, request.body.reason)
            : await productAdmin.unarchive(actor, id, request.body.reason);
        return present(product);
      },
    );
  }

  app.get(
    "/products/:id/history",
    {
      schema: {
        tags,
        summary:
          "The product's audit events, newest first, 50 a page (before = the last event's id); priceChange marks price history",
        params: idParams,
        querystring: z.object({ before: z.uuid().optional(), prices: z.enum(["1"]).optional() }),
        response: { 200: z.object({ events: z.array(historyEventJson), next: z.string().nullable() }), ...errors(404) },
      },
    },
    async (request) => {
      await productAdmin.get(request.params.id).catch(async (error: unknown) => {
        // A deleted product keeps its history.
        if (
          (await services.backOffice.audit.list({ entityType: "product", entityId: request.params.id, limit: 1 })).length === 0
        ) {
          throw error;
        }
      });
      const cursor = request.query.before ? await services.backOffice.audit.get(request.query.before) : undefined;
      const events = await productAdmin.history(request.params.id, {
        limit: 51,
        before: cursor ? { at: cursor.at, id: cursor.id } : undefined,
      });
      const page = events.slice(0, 50);
      const shown = request.query.prices ? page.filter(isPriceChange) : page;
      return {
        events: shown.map((event) => ({ ...event, at: event.at.toISOString(), priceChange: isPriceChange(event) })),
        next: events.length > 50 ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );

  app.post(
    "/products/:id/history/:eventId/revert",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary:
          "Put back the values one history event changed (recent password). When later changes touched the same fields: " +
          "409 listing them, unless confirm is true. The revert is recorded too",
        params: z.object({ id: idParam("id"), eventId: idParam("eventId") }),
        body: z
          .object({ confirm: z.boolean().default(false), reason: reasonField })
          .default({ confirm: false, reason: undefined }),
        response: { 200: productJson, ...errors(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, eventId } = request.params;
      return present(await productAdmin.revert(staffOf(request), id, eventId, request.body));
    },
  );

  app.put(
    "/products/:id/pictures",
    {
      schema: {
        tags,
        summary: "The product's pictures in order with their alt texts: reorder, set alt texts, remove, add from the library",
        params: idParams,
        body: z.object({
          pictures: z.array(productPicture).max(MAX_PRODUCT_PICTURES, { error: productAdminMessages.tooManyPictures }),
          updatedAt: expectedUpdatedAt.optional(),
          reason: reasonField,
        }),
        response: { 200: productJson, ...errors(400, 404, 409) },
      },
    },
    async (request) => {
      const { pictures, updatedAt, reason } = request.body;
      const product = await productAdmin.setPictures(staffOf(request), request.params.id, pictures, {
        expectedUpdatedAt: updatedAt,
        reason,
        action: "product.pictures",
      });
      return present(product);
    },
  );

  app.post(
    "/products/:id/pictures",
    {
      schema: {
        tags,
        summary: `Upload pictures (multipart, up to ${CATALOG_PICTURES_PER_UPLOAD} files) into the library and add them to the product, after its own`,
        consumes: ["multipart/form-data"],
        params: idParams,
        response: { 200: productJson, ...errors(400, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      const actor = staffOf(request);
      const current = await productAdmin.get(request.params.id);
      const files = await readPictures(request);
      if (current.images.length + files.length > MAX_PRODUCT_PICTURES) {
        throw fieldError({ images: productAdminMessages.tooManyPictures });
      }
      const uploaded = await catalogPictures.upload(actor, files);
      const product = await productAdmin.get(request.params.id);
      const list = [
        ...product.images.map((file, index) => ({ file, alt: product.imageAlts[index] ?? "" })),
        ...uploaded.map((picture) => ({ file: picture.fileName, alt: "" })),
      ];
      return present(await productAdmin.setPictures(actor, product.id, list, { action: "product.pictures" }));
    },
  );

  app.post(
    "/pictures",
    {
      schema: {
        tags,
        summary: `Upload pictures into the library (multipart, up to ${CATALOG_PICTURES_PER_UPLOAD} files; re-encoded to WebP); all or none`,
        consumes: ["multipart/form-data"],
        response: { 201: z.object({ pictures: z.array(libraryPictureJson) }), ...errors(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const actor = staffOf(request);
      const files = await readPictures(request);
      const uploaded = await catalogPictures.upload(actor, files);
      return reply.status(201).send({ pictures: uploaded.map(presentPicture) });
    },
  );

  app.get(
    "/pictures",
    {
      schema: {
        tags,
        summary: "The picture library, newest first, 60 a page (after = next)",
        querystring: z.object({ after: z.string().max(200).optional() }),
        response: { 200: z.object({ pictures: z.array(libraryPictureJson), next: z.string().nullable() }) },
      },
    },
    async (request) => {
      const rows = await catalogPictures.list({ limit: 61, after: request.query.after });
      const page = rows.slice(0, 60);
      return { pictures: page.map(presentPicture), next: rows.length > 60 ? (page.at(-1)?.fileName ?? null) : null };
    },
  );

  app.delete(
    "/pictures/:file",
    {
      config: { recentPassword: true },
      schema: {
        tags,
        summary:
          "Delete a picture from the library with its file (recent password); one still shown by a product, category, " +
          "banner or past order is refused (409, naming them)",
        params: z.object({ file: z.string().min(1).max(200) }),
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors(403, 404, 409) },
      },
    },
    async (request) => {
      await catalogPictures.remove(staffOf(request), request.params.file);
      return { deleted: true as const };
    },
  );
};
