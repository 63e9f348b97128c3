import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ImageVariants } from "#domain/media/image-variants.ts";
import type { ImageStore, StoredImage } from "#domain/media/ports.ts";
import { IMAGE_WIDTHS } from "#shared/constants.ts";
import { etagMatches } from "#shared/etags.ts";
import { isStoredImageName } from "#shared/images.ts";
import { sendBusy } from "../plugins/database-outage.ts";
import { errorBody } from "../plugins/error-handler.ts";

const WIDTH_MESSAGE = `Image width must be one of ${IMAGE_WIDTHS.join(", ")}`;
const variantQuery = z.object({
  w: z.coerce
    .number({ error: WIDTH_MESSAGE })
    .refine((width) => (IMAGE_WIDTHS as readonly number[]).includes(width), WIDTH_MESSAGE)
    .optional(),
});

const IMMUTABLE_FOR_A_YEAR = "public, max-age=31536000, immutable";

/**
 * `GET /download/{file}`: stored images (spec §7, "Image URLs"), streamed from the image store, the data directory or
 * the bucket alike (docs/decisions/018-object-storage.md). Names are content-addressed or random, so responses are
 * immutable for a year; ETag and Last-Modified answer revalidation with a 304. Anything that is not a plain stored name
 * (`..`, encoded slashes, absolute paths, dot-files) is refused before the store is touched.
 * `?w=` (one of IMAGE_WIDTHS) sends a copy of a WebP picture at most that wide, for `srcset`.
 * Register with `{ prefix: "/download" }`.
 */
export async function mediaRoutes(app: FastifyInstance, { images, variants }: { images: ImageStore; variants: ImageVariants }) {
  app.get("/:file", { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!isStoredImageName(file)) {
      return reply.status(400).send(errorBody("Invalid file name"));
    }
    const query = variantQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send(errorBody(WIDTH_MESSAGE));
    const width = query.data.w;
    // Only WebP pictures (what the shop stores) are resized; anything else is sent as it is.
    const resized = width !== undefined && file.endsWith(".webp");
    // A client revalidating with the one strong tag it holds: the store need not send the bytes again (S3 answers a
    // conditional GET with a 304). Any other condition is checked below, on the image read.
    const held = singleStrongTag(request.headers["if-none-match"]);
    let image: StoredImage | "unchanged" | null;
    try {
      if (resized) image = held ? await variants.variantUnlessEtag(file, width, held) : await variants.variant(file, width);
      else image = held ? await images.readUnlessEtag(file, held) : await images.read(file);
    } catch (error) {
      // The store did not answer (a bucket that is down, a disk error): the picture is not gone, so not a 404, and
      // nothing the client did, so not a 500. Try again shortly, as when the database is down.
      request.log.error({ err: error, file }, "the image store did not answer");
      return sendBusy(request, reply);
    }
    if (!image) return reply.status(404).send(errorBody("File not found"));

    reply.header("cache-control", IMMUTABLE_FOR_A_YEAR);
    if (image === "unchanged") return reply.header("etag", held).status(304).send();
    reply.header("etag", image.etag).header("last-modified", image.lastModified.toUTCString());
    if (isFresh(request, image)) {
      image.body.destroy();
      return reply.status(304).send();
    }
    // For HEAD, Fastify's own route drains the stream and keeps this length.
    reply.type(image.contentType).header("content-length", image.size);
    return reply.send(image.body);
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody("File not found")));
}

/**
 * The entity tag of an `If-None-Match` that names exactly one strong tag (`"…"` of visible ASCII, RFC 9110 §8.8.3), as
 * a cache sends back ours; anything else (weak, a list, `*`, other bytes) is left to `isFresh`.
 */
function singleStrongTag(ifNoneMatch: string | undefined): string | undefined {
  const tag = ifNoneMatch?.trim();
  return tag && /^"[\x21\x23-\x7e]*"$/.test(tag) ? tag : undefined;
}

/**
 * Whether the client's copy is the stored one (RFC 9110 §13.1.2-3): `If-None-Match` naming the stored tag (compared
 * weakly, `etagMatches`); without that header, `If-Modified-Since` no earlier than the last change (to the second, as
 * HTTP dates go).
 */
function isFresh(request: FastifyRequest, image: StoredImage): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, image.etag);
  const ifModifiedSince = Date.parse(request.headers["if-modified-since"] ?? "");
  return !Number.isNaN(ifModifiedSince) && Math.floor(image.lastModified.getTime() / 1000) * 1000 <= ifModifiedSince;
}
