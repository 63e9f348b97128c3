import sharp from "sharp";

/** A plain photo as PNG (a few hundred bytes once re-encoded). */
export const solidPng = (width = 80, height = 60, background = "#c62828") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A photo of random pixels as JPEG: large even once re-encoded (WebP cannot compress noise). */
export const noiseJpeg = (size = 512) =>
  sharp(Buffer.from(Array.from({ length: size * size * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: size, height: size, channels: 3 },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

export interface FilePart {
  name?: string;
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it (field `images` by default). */
export function multipart(files: FilePart[], boundary = `----WebKitFormBoundary${Math.random().toString(16).slice(2)}`) {
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? "images"}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    boundary,
  };
}

/** `n` photos of the `images` field, each a little different. */
export async function photos(n: number): Promise<FilePart[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      filename: `photo-${i}.png`,
      type: "image/png",
      data: await solidPng(40 + i, 30 + i),
    })),
  );
}
