import type { FastifyRequest } from "fastify";
import { AppError } from "#domain/errors.ts";
import { photoTooLarge, uploadMessages } from "#shared/messages.ts";

/** Photos one upload request may carry; the pending quota (UPLOAD_PENDING_MAX_FILES) limits them across requests. */
export const MAX_FILES_PER_UPLOAD = 5;

export function multipartLimits(maxBytes: number) {
  return { fileSize: maxBytes, files: MAX_FILES_PER_UPLOAD, fields: 10, parts: 15, fieldSize: 1024 };
}

/** Read whole (within the limits) before anything is checked, so a request that breaks a limit half-way stores nothing. */
export async function readFileParts(request: FastifyRequest, maxBytes: number): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", uploadMessages.notMultipart);
  const files: Buffer[] = [];
  try {
    for await (const part of request.files()) files.push(await part.toBuffer());
  } catch (error) {
    throw multipartError(error, maxBytes);
  }
  return files;
}

function multipartError(error: unknown, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE", photoTooLarge(maxBytes));
    case "FST_FILES_LIMIT":
      return new AppError("PAYLOAD_TOO_LARGE", uploadMessages.tooManyPerRequest(MAX_FILES_PER_UPLOAD));
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new AppError("PAYLOAD_TOO_LARGE", uploadMessages.tooManyParts);
    default:
      // busboy's "Boundary not found", "Unexpected end of form", "Malformed part header", a premature close...
      return new AppError("BAD_REQUEST", uploadMessages.malformed);
  }
}
