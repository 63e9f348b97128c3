import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { measureRenderFloor, pageElements } from "./render-floor.ts";

// Markup with what the shop's pages hold: classes, labels, inline custom properties, SVG attributes, booleans, form
// values, texts React separates with <!-- -->, and characters it escapes.
const sample = h(
  "div",
  { className: "card", "data-discover": "true" },
  h("label", { htmlFor: "qty" }, "Quantity ", "for ", 'Tom & Jerry\'s "best"'),
  h("input", { id: "qty", type: "number", defaultValue: "2", disabled: true, "aria-label": "Quantity" }),
  h("span", { role: "img", style: { "--rating-fill": "40%", marginTop: "2px" } as React.CSSProperties }),
  h(
    "svg",
    { viewBox: "0 0 24 24", strokeWidth: 2, strokeLinecap: "round", "aria-hidden": "true" },
    h("path", { d: "M2 9.5a5.5 5.5 0 0 1 9.59-3.68" }),
  ),
  h("img", { src: "/download/a.webp", srcSet: "/download/a.webp?w=160 160w", alt: "A <b>", loading: "lazy" }),
  h("p", { hidden: true }, "Rs ", 1999, h("s", null, "2,699")),
);

describe("pageElements", () => {
  it("reads React's markup back into elements that render to the same bytes", () => {
    const html = renderToString(sample);
    const { element, elements } = pageElements(html);
    expect(renderToString(element)).toBe(html);
    expect(elements).toBe(9);
  });

  it("takes the body of a whole document and leaves its scripts out", () => {
    const body = renderToString(sample);
    const html = `<!DOCTYPE html><html lang="en"><head><title>T</title><script>var a = "<p>";</script></head><body class="x">${body}<script type="module">import "/a.js";</script></body></html>`;
    const { element, elements } = pageElements(html);
    expect(renderToString(element)).toBe(body);
    expect(elements).toBe(9);
  });
});

describe("measureRenderFloor", () => {
  it("times both React APIs on the page's own bytes", async () => {
    const html = renderToString(sample);
    const floor = await measureRenderFloor(html, { minMs: 20 });
    expect(floor).toMatchObject({ elements: 9, bytes: Buffer.byteLength(html) });
    expect(floor.toStringMs).toBeGreaterThan(0);
    expect(floor.streamMs).toBeGreaterThan(0);
  });
});
