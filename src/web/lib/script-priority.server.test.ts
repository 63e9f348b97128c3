import { describe, expect, it } from "vitest";
import { lowerModulePreloads, preloadLowering } from "./script-priority.server.ts";

const page = [
  '<link rel="stylesheet" href="/assets/app.css"/><p>₹1,299 · Café</p>',
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/framework.js" nonce="n"/>',
  '<script type="module" async="">import "/assets/entry.js"</script>',
].join("");
const lowered = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("lowerModulePreloads", () => {
  it("asks for every module preload at low priority and leaves the rest of the page byte for byte", () => {
    expect(lowerModulePreloads(Buffer.from(page)).toString()).toBe(lowered);
    expect(lowered.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("hands back the same buffer when the page has no preload", () => {
    const plain = Buffer.from("<p>no scripts</p>");
    expect(lowerModulePreloads(plain)).toBe(plain);
  });
});

describe("preloadLowering", () => {
  const streamed = (chunks: Buffer[]) => {
    const lowering = preloadLowering();
    return Buffer.concat([...chunks.map((chunk) => lowering.next(chunk)), lowering.end()]).toString();
  };

  it("lowers a preload split between chunks at any byte, and a multi-byte character split likewise", () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(streamed([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(lowered);
    }
  });

  it("gives back a chunk that ends like the start of a preload but is not one", () => {
    expect(streamed([Buffer.from("<p>a</p><link rel"), Buffer.from('="icon"/>')])).toBe('<p>a</p><link rel="icon"/>');
    expect(streamed([Buffer.from("<p>a</p><link")])).toBe("<p>a</p><link");
  });

  it("passes a page in one-byte chunks through whole", () => {
    const bytes = Buffer.from(page);
    expect(streamed([...bytes].map((byte) => Buffer.from([byte])))).toBe(lowered);
  });
});
