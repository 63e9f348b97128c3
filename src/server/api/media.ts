import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ImageVariants } from "#domain/media/image-variants.ts";
import { IMAGE_WIDTHS } from "#shared/constants.ts";
import { isStoredImageName } from "#shared/images.ts";
import { errorBody } from "../plugins/error-handler.ts";

const WIDTH_MESSAGE = `Image width must be one of ${IMAGE_WIDTHS.join(", ")}`;
const variantQuery = z.object({
  w: z.coerce
    .number({ error: WIDTH_MESSAGE })
    .refine((width) => (IMAGE_WIDTHS as readonly number[]).includes(width), WIDTH_MESSAGE)
    .optional(),
});

/**
 * `GET /download/{file}`: stored images (spec §7, "Image URLs"). Names are content-addressed or random, so responses are
 * immutable for a year; ETag and Last-Modified answer revalidation. Anything that is not a plain stored name
 * (`..`, encoded slashes, absolute paths, dot-files) is refused before the disk is touched.
 * `?w=` (one of IMAGE_WIDTHS) sends a copy of a WebP picture at most that wide, for `srcset`.
 * Register with `{ prefix: "/download" }`.
 */
export async function mediaRoutes(app: FastifyInstance, { imagesDir, variants }: { imagesDir: string; variants: ImageVariants }) {
  await app.register(fastifyStatic, {
    root: imagesDir,
    serve: false,
    decorateReply: true,
    index: false,
    list: false,
    dotfiles: "deny",
    etag: true,
    lastModified: true,
    immutable: true,
    maxAge: "365d",
  });

  app.get("/:file", { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!isStoredImageName(file)) {
      return reply.status(400).send(errorBody("Invalid file name"));
    }
    const query = variantQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send(errorBody(WIDTH_MESSAGE));
    const width = query.data.w;
    // Only WebP pictures (what the shop stores) are resized; anything else is sent as it is.
    if (width === undefined || !file.endsWith(".webp")) return reply.sendFile(file);
    const variant = await variants.variant(file, width);
    if (!variant) return reply.status(404).send(errorBody("File not found"));
    return reply.sendFile(variant, variants.variantsDir);
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody("File not found")));
}
