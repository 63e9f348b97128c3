import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Price, type PriceProps } from "./price.tsx";

const render = (props: PriceProps) => renderToStaticMarkup(createElement(Price, props));

describe("Price", () => {
  it("shows the current price in rupees with Indian digit grouping", () => {
    const html = render({ pricePaise: 12_999_900 });
    expect(html).toContain('<span class="sr-only">Price </span>Rs 1,29,999</span>');
    expect(html).not.toContain("Old price");
  });

  it("strikes the old price through before the current one when it is higher", () => {
    const html = render({ pricePaise: 49_900, oldPricePaise: 79_900 });
    expect(html).toMatch(/^<p[^>]*><s class="[^"]*"><span class="sr-only">Old price <\/span>Rs 799<\/s><span/);
    expect(html).toContain("Rs 499");
  });

  it("leaves out an old price that is not higher than the current one", () => {
    expect(render({ pricePaise: 49_900, oldPricePaise: 49_900 })).not.toContain("Old price");
    expect(render({ pricePaise: 49_900, oldPricePaise: null })).not.toContain("Old price");
  });

  it("adds the caller's classes and what follows the prices on the same line", () => {
    const html = render({ pricePaise: 100, size: "lg", className: "mt-auto", children: createElement("span", null, "IN STOCK") });
    expect(html).toMatch(/^<p class="mt-auto flex flex-wrap items-center gap-3">/);
    expect(html).toMatch(/<span>IN STOCK<\/span><\/p>$/);
  });
});
