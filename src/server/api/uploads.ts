import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createGate } from "#domain/media/gate.ts";
import type { Services } from "#domain/services.ts";
import { imageUrl } from "#shared/images.ts";
import { accountMessages, uploadMessages } from "#shared/messages.ts";
import { multipartLimits, readFileParts } from "./multipart-images.ts";
import { requester, signedInShopper } from "./route-support.ts";
import { userErrors as errors, imageFields } from "./user-schemas.ts";

/**
 * Upload requests whose bodies are read two at a time per process, eight more waiting unread (their bytes stay in the
 * socket): each may hold five photos of UPLOAD_MAX_BYTES until they are decoded (decision 028).
 */
const uploadBodies = createGate({ slots: 2, queue: 8, busyMessage: uploadMessages.busy, retryAfterSeconds: 60 });

const uploadJson = z.object({ _id: z.string(), id: z.string(), ...imageFields, width: z.number(), height: z.number() });

/**
 * Profile photos (spec §7): pending until a profile save uses them. Uploaded without a token (the original client), they
 * are staged for the requester and claimed by its next signed-in request (docs/decisions/012-staged-photo-uploads.md).
 */
export const uploadsApi: FastifyPluginAsyncZod<{ services: Services; publicUrl: string; uploadMaxBytes: number }> = async (
  app,
  { services, publicUrl, uploadMaxBytes },
) => {
  const { uploads } = services;
  const tags = ["User"];
  const urls = (names: string[]) => names.map((name) => imageUrl(name, publicUrl));

  // Multipart only here, for the photo upload; the shop's other routes accept JSON alone. Reading stops at the limits.
  await app.register(fastifyMultipart, { limits: multipartLimits(uploadMaxBytes) });

  app.post(
    "/user/upload",
    {
      schema: {
        tags,
        summary:
          "Upload profile photos (multipart field `images`; JPEG, PNG or WebP by content; re-encoded to WebP); all or " +
          "none. Signed in: pending uploads of the account. Without a session (the original client): staged for 15 " +
          "minutes until this requester's next signed-in GET /imageUpload or PUT /user/{id} claims them",
        consumes: ["multipart/form-data"],
        response: {
          200: z.object({
            error: z.literal(false),
            msg: z.string(),
            ...imageFields,
            staged: z.boolean().describe("Held for the next signed-in request; served at imageUrls once claimed"),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const names = await uploadBodies.run(async () => {
        const files = await readFileParts(request, uploadMaxBytes);
        const stored = request.user
          ? await uploads.uploadMany({ userId: request.user.id, files })
          : await uploads.stage({ requester: requester(request), origin: request.headers.origin, files });
        return stored.map((upload) => upload.fileName);
      });
      return {
        error: false as const,
        msg: accountMessages.imagesUploaded,
        images: names,
        imageUrls: urls(names),
        staged: !request.user,
      };
    },
  );

  app.get(
    "/imageUpload",
    {
      schema: {
        tags,
        summary: "Your photos uploaded but not yet saved on the profile (claiming this requester's staged ones first)",
        response: { 200: z.array(uploadJson), ...errors },
      },
    },
    async (request) => {
      const user = signedInShopper(request);
      await uploads.claimStaged({ userId: user.id, requester: requester(request) });
      return (await uploads.listPending(user.id)).map((upload) => ({
        _id: upload.id,
        id: upload.id,
        images: [upload.fileName],
        imageUrls: urls([upload.fileName]),
        width: upload.width,
        height: upload.height,
      }));
    },
  );

  app.delete(
    "/imageUpload/deleteAllImages",
    {
      schema: {
        tags,
        summary: "Delete your pending (unsaved) photos",
        response: { 200: z.object({ error: z.literal(false), msg: z.string(), deleted: z.number() }), ...errors },
      },
    },
    async (request) => {
      const user = signedInShopper(request);
      const deleted = await uploads.deletePending(user.id);
      return { error: false as const, msg: accountMessages.pendingPhotosDeleted, deleted };
    },
  );
};
