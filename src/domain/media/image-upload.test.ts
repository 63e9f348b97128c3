import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { accountMessages, uploadMessages } from "#shared/messages.ts";
import { detectImageKind, profileImageDecodes, reencodeProfileImage } from "./image-upload.ts";

const solid = (format: "png" | "jpeg" | "webp", width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: "#c62828" } })
    .toFormat(format)
    .toBuffer();

describe("profile image upload", () => {
  it("recognises JPEG, PNG and WebP by their bytes only", async () => {
    expect(detectImageKind(await solid("jpeg"))).toBe("jpeg");
    expect(detectImageKind(await solid("png"))).toBe("png");
    expect(detectImageKind(await solid("webp"))).toBe("webp");
    expect(detectImageKind(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    expect(detectImageKind(Buffer.from("GIF89a"))).toBeUndefined();
    expect(detectImageKind(Buffer.from("RIFF0000WAVE"))).toBeUndefined();
  });

  it("re-encodes to WebP within 512 px, never enlarging", async () => {
    const big = await reencodeProfileImage(await solid("jpeg", 2000, 1000), { maxPixels: 10_000_000 });
    expect(big).toMatchObject({ width: 512, height: 256, contentType: "image/webp" });
    expect(detectImageKind(big.data)).toBe("webp");
    const small = await reencodeProfileImage(await solid("png", 40, 30), { maxPixels: 10_000_000 });
    expect(small).toMatchObject({ width: 40, height: 30 });
  });

  it("refuses truncated images and decompression bombs", async () => {
    const png = await solid("png", 400, 400);
    await expect(reencodeProfileImage(png.subarray(0, 60), { maxPixels: 10_000_000 })).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: accountMessages.imageType,
    });
    await expect(reencodeProfileImage(png, { maxPixels: 1000 })).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("decodes one photo at a time and keeps at most eight waiting: more are refused with 429", async () => {
    const png = await solid("png", 1200, 900);
    const uploads = Array.from({ length: 10 }, () => reencodeProfileImage(png, { maxPixels: 10_000_000 }));
    expect({ running: profileImageDecodes.running, waiting: profileImageDecodes.waiting }).toEqual({ running: 1, waiting: 8 });
    const outcomes = await Promise.allSettled(uploads);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(9);
    expect(outcomes[9]).toMatchObject({
      status: "rejected",
      reason: { code: "TOO_MANY_REQUESTS", message: uploadMessages.busy },
    });
    expect({ running: profileImageDecodes.running, waiting: profileImageDecodes.waiting }).toEqual({ running: 0, waiting: 0 });
  });
});
