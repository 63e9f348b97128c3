import sharp from "sharp";
import { IMAGE_WIDTHS } from "#shared/constants.ts";
import { ImageAlreadyStoredError, type ImageStore, readAll, type StoredImage } from "./ports.ts";

/**
 * Narrower copies of stored pictures for `srcset` (`GET /download/{file}?w=`), made on first request and stored beside
 * the originals; names are immutable, so a copy is never stale. Concurrent requests for one copy share one resize.
 */
export function createImageVariants({ originals, variants }: { originals: ImageStore; variants: (width: number) => ImageStore }) {
  const pending = new Map<string, Promise<boolean>>();

  /** False when there is no such original. */
  async function make(file: string, width: number): Promise<boolean> {
    const original = await originals.read(file);
    if (!original) return false;
    const data = await sharp(await readAll(original), { failOn: "error" })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await variants(width)
      .put(file, data)
      .catch((error: unknown) => {
        if (!(error instanceof ImageAlreadyStoredError)) throw error;
      });
    return true;
  }

  /** Read back once `make` (or another request or instance) has stored it. */
  async function made(file: string, width: number): Promise<StoredImage | null> {
    const key = `${width}/${file}`;
    let job = pending.get(key);
    if (!job) {
      job = make(file, width).finally(() => pending.delete(key));
      pending.set(key, job);
    }
    if (!(await job)) return null;
    return variants(width).read(file);
  }

  return {
    /** `file` must already be a checked stored name. */
    async variant(file: string, width: number): Promise<StoredImage | null> {
      return (await variants(width).read(file)) ?? made(file, width);
    },
    /** A deleted original's copies at every width (a profile photo erased on request). */
    async forget(file: string): Promise<void> {
      await Promise.all(
        IMAGE_WIDTHS.map((width) =>
          variants(width)
            .delete(file)
            .catch(() => {}),
        ),
      );
    },
    /** As `ImageStore.readUnlessEtag`. */
    async variantUnlessEtag(file: string, width: number, etag: string): Promise<StoredImage | "unchanged" | null> {
      return (await variants(width).readUnlessEtag(file, etag)) ?? made(file, width);
    },
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;
