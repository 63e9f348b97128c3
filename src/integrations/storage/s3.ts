import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from "@aws-sdk/client-s3";
import { ImageAlreadyStoredError, type ImageStore, type StoredImage } from "#domain/media/ports.ts";
import { imageContentType, isStoredImageName } from "#shared/images.ts";

export interface S3Settings {
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key`: what MinIO and most stand-ins expect. */
  forcePathStyle: boolean;
}

/** One client per process: it keeps the connections to the endpoint open between requests. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Small files held whole: no checksum trailers, which not every S3-compatible server accepts (the SDK sends them).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export async function checkBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const status = statusOf(error);
    const reason =
      status === 404
        ? "no such bucket"
        : status === 403 || status === 401
          ? "access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)"
          : error instanceof Error
            ? error.message || error.name
            : String(error);
    throw new Error(`S3_BUCKET: cannot use bucket "${bucket}" (${reason})`);
  }
}

/** Images as objects under `prefix` of one bucket, the store several instances share (decision 018). */
export function createS3ImageStore({ client, bucket, prefix }: { client: S3Client; bucket: string; prefix: string }): ImageStore {
  const key = (name: string) => {
    if (!isStoredImageName(name)) throw new Error(`not a stored image name: ${name}`);
    return `${prefix}${name}`;
  };
  /** GetObject, conditional on the object's tag not being `unlessEtag` when one is given. */
  const read = async (name: string, unlessEtag?: string): Promise<StoredImage | "unchanged" | null> => {
    const objectKey = key(name);
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey, IfNoneMatch: unlessEtag }));
      if (!(object.Body instanceof Readable)) throw new Error(`S3 answered ${objectKey} without a body stream`);
      const size = object.ContentLength ?? 0;
      const lastModified = object.LastModified ?? new Date(0);
      return {
        body: object.Body,
        size,
        lastModified,
        // S3 always sends an ETag; the fallback only keeps the answer cacheable if a stand-in does not.
        etag: object.ETag ?? `W/"${size.toString(16)}-${lastModified.getTime().toString(16)}"`,
        contentType:
          object.ContentType && object.ContentType !== "application/octet-stream" ? object.ContentType : imageContentType(name),
      };
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      // Only a conditional GET is answered 304: the object still carries that tag, and no bytes were sent.
      if (status === 304 && unlessEtag !== undefined) return "unchanged";
      throw error;
    }
  };
  return {
    async put(name, data) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key(name),
            Body: data,
            ContentType: imageContentType(name),
            // The server refuses an existing key in the same step as storing (a server that ignores this overwrites).
            IfNoneMatch: "*",
          }),
        );
      } catch (error) {
        // 412: the key exists; 409: another write of the same key was in flight at that moment.
        const status = statusOf(error);
        if (status === 412 || status === 409) throw new ImageAlreadyStoredError(name);
        throw error;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(name) }));
    },
    // Without a tag to compare, the GET is unconditional and is never answered "unchanged".
    read: (name) => read(name) as Promise<StoredImage | null>,
    readUnlessEtag: (name, etag) => read(name, etag),
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(name) }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    },
  };
}

/** The HTTP status of a failed S3 call (`$metadata`, set on every service error); undefined for network errors. */
function statusOf(error: unknown): number | undefined {
  return (error as Partial<Pick<S3ServiceException, "$metadata">> | undefined)?.$metadata?.httpStatusCode;
}
