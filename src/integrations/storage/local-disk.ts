import { randomBytes } from "node:crypto";
import { link, mkdir, open, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ImageAlreadyStoredError, type ImageStore, type StoredImage } from "#domain/media/ports.ts";
import { imageContentType, isStoredImageName } from "#shared/images.ts";

/** Images as files of one directory; one instance only (several share pictures through s3.ts). */
export function createLocalImageStore(dir: string): ImageStore {
  const file = (name: string) => {
    if (!isStoredImageName(name)) throw new Error(`not a stored image name: ${name}`);
    return path.join(dir, name);
  };
  const store: ImageStore = {
    async put(name, data) {
      const target = file(name);
      await mkdir(dir, { recursive: true });
      // Written beside, then linked into place: a reader never sees half a file, and link(2) refuses an existing name.
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, data, { flag: "wx" });
        await link(temporary, target).catch((error: NodeJS.ErrnoException) => {
          throw error.code === "EEXIST" ? new ImageAlreadyStoredError(name) : error;
        });
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async delete(name) {
      await rm(file(name), { force: true });
    },
    async read(name): Promise<StoredImage | null> {
      const target = file(name);
      const handle = await open(target, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "EISDIR") return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        return {
          body: handle.createReadStream(),
          size: stats.size,
          // The entity tag @fastify/static (send) gave these files, so caches keep theirs across the change of server.
          etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
          lastModified: stats.mtime,
          contentType: imageContentType(name),
        };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    // Opening the file is as cheap as the check would be: read it, and let the caller compare tags.
    readUnlessEtag: (name) => store.read(name),
    async exists(name) {
      return stat(file(name)).then(
        (stats) => stats.isFile(),
        () => false,
      );
    },
  };
  return store;
}
