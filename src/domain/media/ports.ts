import type { Readable } from "node:stream";

/** What the media services need from the outside world; adapters in src/integrations/storage. */

export interface StoredImage {
  body: Readable;
  size: number;
  /** Quoted (`"…"` or `W/"…"`); it changes whenever the bytes could have. */
  etag: string;
  lastModified: Date;
  contentType: string;
}

/** A local directory or an S3-compatible bucket (decision 018); a name not `isStoredImageName` is refused first. */
export interface ImageStore {
  /** Whole or not at all. A taken name is refused: names are never reused, so `/download` answers cache for a year. */
  put(name: string, data: Uint8Array): Promise<void>;
  delete(name: string): Promise<void>;
  read(name: string): Promise<StoredImage | null>;
  /**
   * `"unchanged"` without fetching the bytes when the image still carries exactly `etag`. The local disk reads as
   * `read` does, so callers still compare tags themselves.
   */
  readUnlessEtag(name: string, etag: string): Promise<StoredImage | "unchanged" | null>;
  exists(name: string): Promise<boolean>;
}

/** `put` found the name taken (another instance, or an earlier run, stored it first). */
export class ImageAlreadyStoredError extends Error {
  override name = "ImageAlreadyStoredError";
  constructor(fileName: string) {
    super(`an image is already stored as ${fileName}`);
  }
}

export async function readAll(image: StoredImage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of image.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
