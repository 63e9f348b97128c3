import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  declaresPublicCache,
  etagMatches,
  inlineScriptHashes,
  policyWithHashes,
  strongEtag,
  withContentCoding,
} from "./public-pages.server.ts";

const sha = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script once, and skips scripts with a src and JSON-LD data blocks", () => {
    const html = [
      '<script>a()</script><script type="module" async="">import "x"</script>',
      '<script src="/x.js"></script><script type="application/ld+json">{"@type":"Product"}</script>',
      "<script>a()</script><script>\n</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "x"'), sha("\n")]);
  });
});

describe("policyWithHashes", () => {
  it("puts the hashes in place of script-src's nonce and drops style-src's, leaving every other directive", () => {
    const policy =
      "default-src 'self';script-src 'self' 'nonce-abc' https://accounts.google.com;style-src 'self' 'nonce-def';frame-src 'none'";
    expect(policyWithHashes(policy, ["'sha256-1'", "'sha256-2'"])).toBe(
      "default-src 'self';script-src 'self' https://accounts.google.com 'sha256-1' 'sha256-2';style-src 'self';frame-src 'none'",
    );
  });
});

describe("ETags", () => {
  it("name the bytes: equal bodies share one, any change makes another", () => {
    expect(strongEtag("<p>a</p>")).toBe(strongEtag("<p>a</p>"));
    expect(strongEtag("<p>a</p>")).not.toBe(strongEtag("<p>b</p>"));
    expect(strongEtag("x")).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it("match If-None-Match lists, weak forms and the compressed forms of the same tag, never another tag", () => {
    const etag = '"abc"';
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('"x", W/"abc"', etag)).toBe(true);
    expect(etagMatches('"abc-br"', etag)).toBe(true);
    expect(etagMatches('"abc-gzip"', etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('"abcd"', etag)).toBe(false);
    expect(etagMatches("abc", etag)).toBe(false);
    expect(etagMatches(null, etag)).toBe(false);
    // A weak stored tag (a picture's, from the disk or the bucket) is compared weakly too.
    expect(etagMatches('"5f-18c"', 'W/"5f-18c"')).toBe(true);
    expect(etagMatches('W/"5f-18c"', 'W/"5f-18c"')).toBe(true);
    expect(etagMatches('W/"5f-18d"', 'W/"5f-18c"')).toBe(false);
    expect(etagMatches('"abc"', "not a tag")).toBe(false);
  });

  it("take the content coding into a strong tag only", () => {
    expect(withContentCoding('"abc"', "br")).toBe('"abc-br"');
    expect(withContentCoding('"abc"', "identity")).toBe('"abc"');
    expect(withContentCoding('W/"abc"', "gzip")).toBe('W/"abc"');
  });
});

describe("declaresPublicCache", () => {
  it("is true only for a handle that says publicCache: true", () => {
    expect(declaresPublicCache({ publicCache: true, filters: true })).toBe(true);
    expect(declaresPublicCache({ publicCache: "yes" })).toBe(false);
    expect(declaresPublicCache(undefined)).toBe(false);
    expect(declaresPublicCache({ chrome: false })).toBe(false);
  });
});
