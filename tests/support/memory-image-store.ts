import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { ImageAlreadyStoredError, type ImageStore, type StoredImage } from "#domain/media/ports.ts";

/**
 * An image store in memory, for unit tests of code that only puts and reads pictures (the seed, the variants); the
 * adapters themselves are tested against a directory and an S3 stand-in (src/integrations/storage/image-store.test.ts).
 */
export function createMemoryImageStore() {
  const files = new Map<string, { data: Buffer; at: Date }>();
  const store: ImageStore = {
    async put(name, data) {
      if (files.has(name)) throw new ImageAlreadyStoredError(name);
      files.set(name, { data: Buffer.from(data), at: new Date() });
    },
    async delete(name) {
      files.delete(name);
    },
    async read(name): Promise<StoredImage | null> {
      const file = files.get(name);
      if (!file) return null;
      return {
        body: Readable.from([file.data]),
        size: file.data.byteLength,
        etag: `"${createHash("md5").update(file.data).digest("hex")}"`,
        lastModified: file.at,
        contentType: "image/webp",
      };
    },
    readUnlessEtag: (name) => store.read(name),
    async exists(name) {
      return files.has(name);
    },
  };
  return { store, files };
}
