import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ImageVariants } from "#domain/media/image-variants.ts";
import type { ImageStore, StoredImage } from "#domain/media/ports.ts";
import { IMAGE_WIDTHS } from "#shared/constants.ts";
import { etagMatches } from "#shared/etags.ts";
import { isStoredImageName } from "#shared/images.ts";
import { downloadMessages } from "#shared/messages.ts";
import { sendBusy } from "../plugins/database-outage.ts";
import { errorBody } from "../plugins/error-handler.ts";

const WIDTH_MESSAGE = downloadMessages.width(IMAGE_WIDTHS);
const variantQuery = z.object({
  w: z.coerce
    .number({ error: WIDTH_MESSAGE })
    .refine((width) => (IMAGE_WIDTHS as readonly number[]).includes(width), WIDTH_MESSAGE)
    .optional(),
});

const IMMUTABLE_FOR_A_YEAR = "public, max-age=31536000, immutable";

/**
 * `GET /download/{file}` (spec §7), streamed from the image store (decision 018). Names are content-addressed or random,
 * so answers are immutable; anything but a plain stored name is refused before the store is touched. `?w=` (one of
 * IMAGE_WIDTHS) sends a narrower WebP copy. Register with `{ prefix: "/download" }`.
 */
export async function mediaRoutes(app: FastifyInstance, { images, variants }: { images: ImageStore; variants: ImageVariants }) {
  app.get("/:file", { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!isStoredImageName(file)) {
      return reply.status(400).send(errorBody(downloadMessages.invalidName));
    }
    const query = variantQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send(errorBody(WIDTH_MESSAGE));
    const width = query.data.w;
    // Only WebP pictures (what the shop stores) are resized; anything else is sent as it is.
    const resized = width !== undefined && file.endsWith(".webp");
    // A revalidation with one strong tag need not fetch the bytes (S3 answers a conditional GET with a 304).
    const held = singleStrongTag(request.headers["if-none-match"]);
    let image: StoredImage | "unchanged" | null;
    try {
      if (resized) image = held ? await variants.variantUnlessEtag(file, width, held) : await variants.variant(file, width);
      else image = held ? await images.readUnlessEtag(file, held) : await images.read(file);
    } catch (error) {
      // The store did not answer: not a 404 (the picture is not gone), not a 500 (nothing the client did); try again soon.
      request.log.error({ err: error, file }, "the image store did not answer");
      return sendBusy(request, reply);
    }
    if (!image) return reply.status(404).send(errorBody(downloadMessages.notFound));

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

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody(downloadMessages.notFound)));
}

/** The tag of an `If-None-Match` naming exactly one strong tag (RFC 9110 §8.8.3); anything else is left to `isFresh`. */
function singleStrongTag(ifNoneMatch: string | undefined): string | undefined {
  const tag = ifNoneMatch?.trim();
  return tag && /^"[\x21\x23-\x7e]*"$/.test(tag) ? tag : undefined;
}

/** RFC 9110 §13.1.2-3: `If-None-Match` naming the stored tag (weakly), else `If-Modified-Since`, to the second. */
function isFresh(request: FastifyRequest, image: StoredImage): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, image.etag);
  const ifModifiedSince = Date.parse(request.headers["if-modified-since"] ?? "");
  return !Number.isNaN(ifModifiedSince) && Math.floor(image.lastModified.getTime() / 1000) * 1000 <= ifModifiedSince;
}
