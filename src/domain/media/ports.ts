import type { Readable } from "node:stream";

/** What the media services need from the outside world; adapters in src/integrations/storage implement it. */

/** A stored image as read for sending: its bytes as a stream, and what HTTP caching needs to know about it. */
export interface StoredImage {
  body: Readable;
  /** Bytes in `body`. */
  size: number;
  /** The entity tag to send, quoted (`"…"` or `W/"…"`); it changes whenever the bytes could have. */
  etag: string;
  lastModified: Date;
  contentType: string;
}

/**
 * Where image files are kept: a directory on the local disk, or a bucket of S3-compatible object storage
 * (docs/decisions/018-object-storage.md). Names are plain stored names (`isStoredImageName`); anything else is refused
 * before the store is touched, so no name can reach another file or key.
 */
export interface ImageStore {
  /**
   * Stores `data` under `name`, whole or not at all. A name already taken is refused with `ImageAlreadyStoredError`:
   * stored names are never reused for other bytes, which is what lets `/download` answers be cached for a year.
   */
  put(name: string, data: Uint8Array): Promise<void>;
  /** Removes `name`; nothing happens when it is not there. */
  delete(name: string): Promise<void>;
  /** The stored image for sending, or null when there is none by that name. */
  read(name: string): Promise<StoredImage | null>;
  /**
   * As `read`, unless the stored image still carries exactly `etag` (a strong tag a client sent back): then
   * `"unchanged"`, without fetching its bytes. S3 asks GetObject with If-None-Match and takes its 304; the local disk
   * reads as `read` does (opening a file costs nothing worth saving), so callers still compare tags themselves.
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

/** The whole of a stored image's bytes (for resizing it). */
export async function readAll(image: StoredImage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of image.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
