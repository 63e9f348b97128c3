import sharp from "sharp";
import { ImageAlreadyStoredError, type ImageStore, readAll, type StoredImage } from "./ports.ts";

/**
 * Narrower copies of stored WebP pictures for `srcset` (`GET /download/{file}?w=`), made from the stored original on
 * first request and kept in the same store as the originals (`variants(width)`: a directory or a key prefix per
 * width), so a phone is not sent a 1600 px banner. Names are immutable, so a made copy is never stale. Concurrent
 * requests for one missing copy share one resize; an instance that loses the race to store it uses the winner's.
 * Pictures are never enlarged.
 */
export function createImageVariants({ originals, variants }: { originals: ImageStore; variants: (width: number) => ImageStore }) {
  const pending = new Map<string, Promise<boolean>>();

  /** Makes and stores the copy; false when there is no such original. */
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

  /** The copy read back once `make` has stored it (or another request or instance did); null without an original. */
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
    /**
     * The copy of `file` at `width`, ready to send, made if needed; null when there is no such stored picture. `file`
     * must already be a checked stored name.
     */
    async variant(file: string, width: number): Promise<StoredImage | null> {
      return (await variants(width).read(file)) ?? made(file, width);
    },
    /**
     * As `variant`, unless the stored copy still carries exactly `etag` (the one strong tag a client sent back): then
     * `"unchanged"`, its bytes not fetched (`ImageStore.readUnlessEtag`).
     */
    async variantUnlessEtag(file: string, width: number, etag: string): Promise<StoredImage | "unchanged" | null> {
      return (await variants(width).readUnlessEtag(file, etag)) ?? made(file, width);
    },
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;
