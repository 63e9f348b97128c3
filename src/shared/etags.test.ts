import { describe, expect, it } from "vitest";
import { etagMatches, withContentCoding } from "./etags.ts";

describe("ETags", () => {
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
