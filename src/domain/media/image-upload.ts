import sharp from "sharp";
import { accountMessages, uploadMessages } from "#shared/messages.ts";
import { AppError } from "../errors.ts";
import { createGate } from "./gate.ts";

export const PROFILE_IMAGE_MAX_PX = 512;

export type ImageKind = "jpeg" | "png" | "webp";

/** The image format by its first bytes (magic numbers), never by the file's name or declared type. */
export function detectImageKind(data: Uint8Array): ImageKind | undefined {
  const starts = (bytes: number[], offset = 0) => bytes.every((byte, i) => data[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return undefined;
}

/**
 * Uploaded photos are decoded one at a time in the process, a few more waiting: a photo just under UPLOAD_MAX_PIXELS
 * holds much of its decoded image in libvips, and libuv's pool would decode four at once, memory glibc keeps
 * (docs/decisions/028-slow-clients-and-hostile-uploads.md).
 */
export const profileImageDecodes = createGate({
  slots: 1,
  queue: 8,
  busyMessage: uploadMessages.busy,
  retryAfterSeconds: 60,
});

/**
 * Decodes an uploaded photo and re-encodes it as WebP of at most 512 px, without metadata (EXIF location, ICC, XMP):
 * what is stored is pixels we produced, never the sender's bytes, so a polyglot file (an image that is also HTML or a
 * script) cannot survive. Refuses anything that is not a JPEG, PNG or WebP by content, or that does not decode.
 */
export async function reencodeProfileImage(data: Uint8Array, options: { maxPixels: number }) {
  return reencodeImage(data, { maxPixels: options.maxPixels, maxSide: PROFILE_IMAGE_MAX_PX });
}

/** Catalogue pictures (the back office's library) keep more pixels: product pages show them large. */
export const CATALOG_IMAGE_MAX_PX = 1600;

/** As `reencodeProfileImage`, at most `maxSide` px, through the same one-at-a-time gate (decision 028). */
export async function reencodeImage(data: Uint8Array, options: { maxPixels: number; maxSide: number }) {
  if (!detectImageKind(data)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", accountMessages.imageType);
  return profileImageDecodes.run(async () => {
    try {
      const { data: output, info } = await sharp(data, { limitInputPixels: options.maxPixels, failOn: "error", animated: false })
        .rotate()
        .resize(options.maxSide, options.maxSide, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      return { data: output, width: info.width, height: info.height, contentType: "image/webp" as const };
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw new AppError("PAYLOAD_TOO_LARGE", uploadMessages.tooManyPixels);
      }
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", accountMessages.imageType);
    }
  });
}
