import sharp from "sharp";
import type { ImageSpec } from "./image-specs.ts";
import { buildImageSvg } from "./image-svg.ts";

export type { ImageSpec } from "./image-specs.ts";

const SAFE_FILE_NAME = /^[a-z0-9][a-z0-9.-]*\.webp$/;
/**
 * The domain's `ImageStore` repeated, as src/db imports nothing above it; `put` refuses a taken name with an error named
 * `ImageAlreadyStoredError`.
 */
export interface PictureStore {
  exists(name: string): Promise<boolean>;
  put(name: string, data: Uint8Array): Promise<void>;
}

/** Pictures asked about at once: a question to a bucket is a round trip, and a restart asks about every picture. */
const CHECK_CONCURRENCY = 16;

/** Pictures already stored are skipped, so an interrupted run resumes; the store writes each whole, never half a file. */
export async function renderImages(
  specs: readonly ImageSpec[],
  store: PictureStore,
  options: { concurrency?: number } = {},
): Promise<{ rendered: number; skipped: number }> {
  const unique = [...new Map(specs.map((spec) => [spec.fileName, spec])).values()];
  const unsafe = unique.find((spec) => !SAFE_FILE_NAME.test(spec.fileName));
  if (unsafe) throw new Error(`renderImages: unsafe file name "${unsafe.fileName}"`);
  const stored = await mapBounded(unique, CHECK_CONCURRENCY, (spec) => store.exists(spec.fileName));
  const missing = unique.filter((_, index) => !stored[index]);
  let skipped = unique.length - missing.length;
  let rendered = 0;
  // sharp runs one libvips thread per picture here (its default on glibc Linux), so pictures are what run in parallel.
  await mapBounded(missing, Math.max(1, options.concurrency ?? 3), async (spec) => {
    try {
      await store.put(spec.fileName, await encodeWebp(spec));
      rendered++;
    } catch (error) {
      // Another instance starting at the same time stored it first.
      if ((error as Error | undefined)?.name !== "ImageAlreadyStoredError") throw error;
      skipped++;
    }
  });
  return { rendered, skipped };
}

async function encodeWebp(spec: ImageSpec): Promise<Buffer> {
  // The lowest effort: seeding gets faster by more than the files grow.
  return sharp(Buffer.from(buildImageSvg(spec)))
    .webp({ quality: 75, effort: 1 })
    .toBuffer();
}

/** `work` on every item, at most `concurrency` at once; the answers in the items' order. */
async function mapBounded<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return answers;
}
