import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** What a shop needs to use the stand-in, as S3_* settings name it; `env` is them ready to pass as configuration. */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for `createTestApp({ env })`. */
  env: Record<string, string>;
  /** Stops the server and deletes its files. */
  close(): Promise<void>;
}

/**
 * A local stand-in for S3 (the `s3rver` package) in-process, on a free loopback port, keeping its objects in a
 * temporary directory, with one empty bucket. It speaks S3's REST protocol, so the shop talks to it through
 * @aws-sdk/client-s3 exactly as to AWS or MinIO. Unlike them it does not verify SigV4 signatures and ignores
 * conditional writes (`If-None-Match: *`). Its one account is S3RVER/S3RVER. Several shops may share one stand-in
 * (pass the same `env` to each).
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const bucket = options.bucket ?? "storefront-test";
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  return {
    ...settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    async close() {
      // Clients keep their connections open between requests; the stand-in does not wait for them.
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
