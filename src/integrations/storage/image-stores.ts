import path from "node:path";
import type { ImageStore } from "#domain/media/ports.ts";
import { createLocalImageStore } from "./local-disk.ts";
import type { S3Settings } from "./s3.ts";

export type ImageStorageSettings = { kind: "local"; imagesDir: string; variantsDir: string } | ({ kind: "s3" } & S3Settings);

/** The stored pictures and their narrower copies, in one place: a data directory, or one bucket. */
export interface ImageStores {
  /** Pictures served at `/download/{file}`. */
  originals: ImageStore;
  /** Copies at most `width` pixels wide (`/download/{file}?w=`), kept beside the originals. */
  variants(width: number): ImageStore;
  description: string;
  /** Start-up check that the store can be used; the message names the key to fix. */
  check(): Promise<void>;
  close(): void;
}

/** The store the configuration names (decision 018); the AWS SDK loads only for a bucket (lazy-clients.test.ts). */
export async function createImageStores(settings: ImageStorageSettings): Promise<ImageStores> {
  const byWidth = new Map<number, ImageStore>();
  const variantsAt = (make: (width: number) => ImageStore) => (width: number) => {
    if (!Number.isInteger(width) || width <= 0) throw new Error(`not an image width: ${width}`);
    let store = byWidth.get(width);
    if (!store) {
      store = make(width);
      byWidth.set(width, store);
    }
    return store;
  };

  if (settings.kind === "local") {
    return {
      originals: createLocalImageStore(settings.imagesDir),
      variants: variantsAt((width) => createLocalImageStore(path.join(settings.variantsDir, String(width)))),
      description: settings.imagesDir,
      check: async () => {},
      close: () => {},
    };
  }
  const { checkBucket, createS3Client, createS3ImageStore } = await import("./s3.ts");
  const client = createS3Client(settings);
  const { bucket } = settings;
  return {
    originals: createS3ImageStore({ client, bucket, prefix: "images/" }),
    variants: variantsAt((width) => createS3ImageStore({ client, bucket, prefix: `variants/${width}/` })),
    description: `s3://${bucket}/images/${settings.endpoint ? ` at ${settings.endpoint}` : ""}`,
    check: () => checkBucket(client, bucket),
    close: () => client.destroy(),
  };
}
