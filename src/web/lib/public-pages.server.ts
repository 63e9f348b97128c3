import { createHash } from "node:crypto";

/**
 * Pages a CDN may keep (docs/decisions/019-cacheable-pages.md). A page rendered for a visitor who sends none of the
 * shop's cookies is the same for every such visitor: no nonce, no name, no cart, no flash, no location. Those bytes
 * are sent with a CSP that lists the SHA-256 of each inline script instead of a nonce, a strong ETag, and, for the
 * routes that declare `handle = { publicCache: true }` (home, listings, product, search), shared-cache headers.
 */

/** A CDN keeps a public page a minute and may serve it stale for ten more while it fetches a fresh one. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
/** Every other page: the browser may keep it for the back button, no shared cache may. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-cache";

/** Does a route module's `handle` let its anonymous pages be cached by a CDN? */
export function declaresPublicCache(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { publicCache?: unknown }).publicCache === true;
}

/**
 * The CSP source of every inline script in a page we rendered ('sha256-…'), in page order, without repeats. React
 * escapes `</script` inside what it writes, so the first `</script>` after an opening tag closes it.
 *
 * `page` is the page's UTF-8 bytes, read as Latin-1: one character per byte, so the tags are found as in the text and
 * each script's characters are its bytes, hashed as the browser hashes them. Decoding the page as UTF-8 instead made a
 * string twice its size (one ₹ makes a string two bytes a character): at 170 KB it was allocated as a large object,
 * promoted by the next young-generation collection and left for the old generation's collections (decision 023).
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
