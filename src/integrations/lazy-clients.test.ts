import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

// What a fresh Node process loads, recorded by a module hook: a shop without a bucket or Redis must not keep the AWS SDK
// or the Redis client on its heap (docs/decisions/023-allocations-that-outlived-young-collections.md).
const script = `
import { registerHooks } from "node:module";
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
const clients = () => loaded.filter((url) => /node_modules\\/(@aws-sdk|@smithy|redis|@redis)\\//.test(url)).length;
const { createImageStores } = await import("#integrations/storage/image-stores.ts");
await import("#integrations/redis/connection.ts");
await createImageStores({ kind: "local", imagesDir: "/nonexistent/images", variantsDir: "/nonexistent/variants" });
const onDisk = clients();
const bucket = await createImageStores({
  kind: "s3", endpoint: "http://127.0.0.1:9", region: "us-east-1", bucket: "b", accessKeyId: "a", secretAccessKey: "s",
  forcePathStyle: true,
});
bucket.close();
console.log(JSON.stringify({ onDisk, withBucket: clients() }));
`;

it("loads the AWS SDK only for a bucket, and the Redis client not at all before a connection is asked for", () => {
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
  expect(child.stderr).toBe("");
  const { onDisk, withBucket } = JSON.parse(child.stdout) as { onDisk: number; withBucket: number };
  expect(onDisk).toBe(0);
  // The hook does see them once a bucket is configured.
  expect(withBucket).toBeGreaterThan(0);
});
