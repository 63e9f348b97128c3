// HTTP validators shared by rendered pages, the page cache, compression and /download: pure string work, no Node APIs.

/** Compared weakly (RFC 9110 §13.1.2); the tag with or without withContentCoding's suffix matches. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => {
    const trimmed = tag.trim().replace(/^W\//, "");
    return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : null;
  };
  const bare = opaque(etag);
  if (bare === null) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const value = opaque(candidate);
    return value === bare || value === `${bare}-br` || value === `${bare}-gzip` || value === `${bare}-deflate`;
  });
}

/** The ETag of a compressed answer: the coding joins the tag, so identity and Brotli bytes never share one. */
export function withContentCoding(etag: string, coding: string): string {
  if (!etag.startsWith('"') || !etag.endsWith('"') || coding === "identity") return etag;
  return `"${etag.slice(1, -1)}-${coding}"`;
}
