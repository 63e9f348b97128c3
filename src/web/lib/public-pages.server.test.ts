import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { declaresPublicCache, inlineScriptHashes, strongEtag } from "./public-pages.server.ts";

const sha = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script once, and skips scripts with a src and JSON-LD data blocks", () => {
    const html = [
      '<script>a()</script><script type="module" async="">import "x"</script>',
      '<script src="/x.js"></script><script type="application/ld+json">{"@type":"Product"}</script>',
      "<script>a()</script><script>\n</script>",
    ].join("");
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha("a()"), sha('import "x"'), sha("\n")]);
  });

  it("hashes a script's UTF-8 bytes, as the browser does, whatever characters it holds", () => {
    const code = 'window.price = "₹1,299"; window.name = "Café ☕"';
    expect(inlineScriptHashes(Buffer.from(`<p>₹</p><script>${code}</script>`))).toEqual([sha(code)]);
  });
});

describe("ETags", () => {
  it("name the bytes: equal bodies share one, any change makes another", () => {
    expect(strongEtag("<p>a</p>")).toBe(strongEtag("<p>a</p>"));
    expect(strongEtag("<p>a</p>")).not.toBe(strongEtag("<p>b</p>"));
    expect(strongEtag("x")).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
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
