import { createHash } from "node:crypto";

/**
 * Pages a CDN may keep (decision 019): a page for a visitor without the shop's cookies is the same for all of them, so
 * it gets a CSP by inline-script hash, a strong ETag and, on routes with `handle = { publicCache: true }`, shared-cache
 * headers.
 */

/** A CDN keeps a public page a minute and may serve it stale for ten more while it fetches a fresh one. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
/** The browser may keep it for the back button, no shared cache may. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-cache";

export function declaresPublicCache(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { publicCache?: unknown }).publicCache === true;
}

/**
 * 'sha256-…' of each inline script, in page order, without repeats (React escapes `</script` inside scripts). The bytes
 * are read as Latin-1, one character per byte, and hashed as the browser does; a UTF-8 string would double the page's
 * size in memory and outlive young collections (decision 023).
 */
export function inlineScriptHashes(page: Buffer): string[] {
  const hashes = new Set<string>();
  for (const match of page.toString("latin1").matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*"application\/(?:ld\+)?json"/i.test(attributes)) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "latin1")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/** A strong validator for these exact bytes (before any content coding); a string counts as its UTF-8 bytes. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}
