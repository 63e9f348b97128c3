import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ImageStore } from "#domain/media/ports.ts";

/** Images on the local disk (DATA_DIR/images), served by /download. One instance; object storage would replace it. */
export function createLocalImageStore(dir: string): ImageStore {
  const file = (name: string) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(name)) throw new Error(`not a stored image name: ${name}`);
    return path.join(dir, name);
  };
  return {
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(file(name), data, { flag: "wx" });
    },
    async delete(name) {
      await rm(file(name), { force: true });
    },
  };
}
