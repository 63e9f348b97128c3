import type { FastifyRequest } from "fastify";
import { AppError } from "#domain/errors.ts";
import { photoTooLarge, uploadMessages } from "#shared/messages.ts";

/** Photos one upload request may carry; the pending quota (UPLOAD_PENDING_MAX_FILES) limits them across requests. */
export const MAX_FILES_PER_UPLOAD = 5;

export function multipartLimits(maxBytes: number, files = MAX_FILES_PER_UPLOAD) {
  return { fileSize: maxBytes, files, fields: 10, parts: files + 10, fieldSize: 1024 };
}

/** Read whole (within the limits) before anything is checked, so a request that breaks a limit half-way stores nothing. */
export async function readFileParts(request: FastifyRequest, maxBytes: number): Promise<Buffer[]> {
  return (await readNamedFileParts(request, maxBytes)).map((file) => file.data);
}

/** As `readFileParts`, with each file's name as sent (the back office's picture library keeps it). */
export async function readNamedFileParts(
  request: FastifyRequest,
  maxBytes: number,
  maxFiles = MAX_FILES_PER_UPLOAD,
): Promise<{ name: string; data: Buffer }[]> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", uploadMessages.notMultipart);
  const files: { name: string; data: Buffer }[] = [];
  try {
    for await (const part of request.files()) files.push({ name: part.filename, data: await part.toBuffer() });
  } catch (error) {
    throw multipartError(error, maxBytes, maxFiles);
  }
  return files;
}

function multipartError(error: unknown, maxBytes: number, maxFiles: number): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE", photoTooLarge(maxBytes));
    case "FST_FILES_LIMIT":
      return new AppError("PAYLOAD_TOO_LARGE", uploadMessages.tooManyPerRequest(maxFiles));
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new AppError("PAYLOAD_TOO_LARGE", uploadMessages.tooManyParts);
    default:
      // busboy's "Boundary not found", "Unexpected end of form", "Malformed part header", a premature close...
      return new AppError("BAD_REQUEST", uploadMessages.malformed);
  }
}
