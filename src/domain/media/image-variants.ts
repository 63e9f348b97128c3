import { access, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/**
 * Narrower copies of stored WebP pictures for `srcset` (`GET /download/{file}?w=`), made on first request and kept on
 * disk under `variantsDir/{width}/`, so a phone is not sent a 1600 px banner. Names are immutable, so a made copy is
 * never stale. Concurrent requests for one missing copy share one resize. Pictures are never enlarged.
 */
export function createImageVariants({ imagesDir, variantsDir }: { imagesDir: string; variantsDir: string }) {
  const pending = new Map<string, Promise<void>>();
  // Copies known to be on disk: later requests for them go straight to sending, without asking the disk first. Kept
  // to MADE_MAX names (a few MB); past that it starts again, and the disk answers.
  const made = new Set<string>();
  const remember = (relative: string) => {
    if (made.size >= MADE_MAX) made.clear();
    made.add(relative);
  };

  return {
    variantsDir,
    /**
     * The copy of `file` at `width`, as a path relative to `variantsDir`, made if needed; null when there is no such
     * stored picture. `file` must already be a checked stored name (no separators).
     */
    async variant(file: string, width: number): Promise<string | null> {
      const relative = path.join(String(width), file);
      if (made.has(relative)) return relative;
      const target = path.join(variantsDir, relative);
      if (await exists(target)) {
        remember(relative);
        return relative;
      }
      const source = path.join(imagesDir, file);
      if (!(await exists(source))) return null;
      let job = pending.get(relative);
      if (!job) {
        job = resize(source, target, width).finally(() => pending.delete(relative));
        pending.set(relative, job);
      }
      await job;
      remember(relative);
      return relative;
    },
  };
}

const MADE_MAX = 50_000;

export type ImageVariants = ReturnType<typeof createImageVariants>;

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function resize(source: string, target: string, width: number): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const data = await sharp(source, { failOn: "error" })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  // Written beside, then renamed: a reader never sees half a file, even if the process stops mid-write.
  const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, target);
}
