import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#domain/errors.ts";
import type { Services } from "#domain/services.ts";
import { imageUrl } from "#shared/images.ts";
import { accountMessages, photoTooLarge } from "#shared/messages.ts";
import { requireUser } from "../plugins/auth.ts";
import { userErrors as errors, imageFields } from "./user-schemas.ts";

const uploadJson = z.object({ _id: z.string(), id: z.string(), ...imageFields, width: z.number(), height: z.number() });

/**
 * Profile photos of My Account (spec §7 "User" and `/imageUpload`): uploaded photos stay pending until a profile save
 * uses them (PUT /api/user/{id}); pending ones can be listed and deleted. Register under `/api`.
 */
export const uploadsApi: FastifyPluginAsyncZod<{ services: Services; publicUrl: string; uploadMaxBytes: number }> = async (
  app,
  { services, publicUrl, uploadMaxBytes },
) => {
  const { uploads } = services;
  const tags = ["User"];

  // Multipart only here, for the photo upload; the shop's other routes accept JSON alone. Reading stops at the limit.
  await app.register(fastifyMultipart, {
    limits: { fileSize: uploadMaxBytes, files: 5, fields: 10, parts: 15, fieldSize: 1024 },
  });

  app.post(
    "/user/upload",
    {
      schema: {
        tags,
        summary: "Upload profile photos (multipart field `images`; JPEG, PNG or WebP by content; re-encoded to WebP)",
        consumes: ["multipart/form-data"],
        response: { 200: z.object({ error: z.literal(false), msg: z.string(), ...imageFields }), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the photo as multipart/form-data in the field `images`.");
      }
      const stored: string[] = [];
      for await (const part of request.files()) {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
            throw new AppError("PAYLOAD_TOO_LARGE", photoTooLarge(uploadMaxBytes));
          }
          throw error;
        }
        const upload = await uploads.upload({ userId: user.id, data });
        stored.push(upload.fileName);
      }
      if (stored.length === 0) throw new AppError("BAD_REQUEST", accountMessages.imageType);
      const imageUrls = stored.map((name) => imageUrl(name, publicUrl));
      return { error: false as const, msg: accountMessages.imagesUploaded, images: stored, imageUrls };
    },
  );

  app.get(
    "/imageUpload",
    {
      schema: {
        tags,
        summary: "Your photos uploaded but not yet saved on the profile",
        response: { 200: z.array(uploadJson), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return (await uploads.listPending(user.id)).map((upload) => ({
        _id: upload.id,
        id: upload.id,
        images: [upload.fileName],
        imageUrls: [imageUrl(upload.fileName, publicUrl)],
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
      const user = requireUser(request);
      const deleted = await uploads.deletePending(user.id);
      return { error: false as const, msg: accountMessages.pendingPhotosDeleted, deleted };
    },
  );
};
