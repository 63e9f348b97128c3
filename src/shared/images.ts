/** One URL shape (spec §3) for the web app (relative) and the API (absolute, `origin` = PUBLIC_URL). */
export function imageUrl(file: string, origin = ""): string {
  return `${origin}/download/${encodeURIComponent(file)}`;
}

/** Names the shop gives stored images: letters, digits, dot, dash, underscore (never `..`, a slash or a dot-file). */
const STORED_IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isStoredImageName(name: string): boolean {
  return STORED_IMAGE_NAME.test(name) && !name.includes("..");
}

/** The stored name in an image URL the shop handed out, or a bare name; undefined when it is not a stored image name. */
export function storedImageName(urlOrName: string): string | undefined {
  const name = (urlOrName.includes("/download/") ? (urlOrName.split("/download/").pop() ?? "") : urlOrName).split(/[?#]/)[0];
  return name !== undefined && isStoredImageName(name) ? name : undefined;
}

const IMAGE_CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  avif: "image/avif",
};

export function imageContentType(name: string): string {
  return IMAGE_CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}
