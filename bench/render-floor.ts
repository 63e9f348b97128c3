// React's own cost for a page's markup: `npm run bench:render-floor -- <page URL or HTML file>`, and a part of
// `npm run bench:scale`.
//
// The page's body, as the shop rendered it, is read back into plain React elements (host elements and text only: no
// components, hooks, router, data or I/O) and rendered again, repeatedly, in this process. What that costs is the
// least any React server render of those bytes can cost, whatever the shop's own code does. The scale benchmark puts
// it beside the same page answered from memory to show how near a rendered page can come to it (bench/README.md,
// "Scale benchmark"; docs/decisions/026-the-cost-of-a-rendered-page.md).
import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import { createElement, Fragment, type ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";

/** Elements HTML never closes; React writes them as `<img …/>`. */
const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
/** Attributes React writes as `name=""` when their prop is true (an empty string prop would leave them out). */
const BOOLEAN_ATTRIBUTES = new Set([
  "allowfullscreen",
  "async",
  "autofocus",
  "checked",
  "controls",
  "default",
  "defer",
  "disabled",
  "formnovalidate",
  "hidden",
  "inert",
  "itemscope",
  "loop",
  "multiple",
  "muted",
  "nomodule",
  "novalidate",
  "open",
  "playsinline",
  "readonly",
  "required",
  "reversed",
  "selected",
]);
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const TOKEN = /<!--[\s\S]*?-->|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*(\/?)>|[^<]+|</g;
const ATTRIBUTE = /([^\s=/>]+)(?:="([^"]*)")?/g;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** `style="--a:1px;color:red"` as React's style object. */
function styleObject(css: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of css.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    style[name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return style;
}

/** The prop that makes React write this attribute: class → className, stroke-width → strokeWidth, others as they are. */
function propOf(name: string, value: string | undefined): [string, unknown] {
  if (name === "class") return ["className", value ?? ""];
  if (name === "for") return ["htmlFor", value ?? ""];
  if (name === "style") return ["style", styleObject(value ?? "")];
  if (name === "xlink:href") return ["xlinkHref", value ?? ""];
  if (BOOLEAN_ATTRIBUTES.has(name.toLowerCase()) && !value) return [name, true];
  if (name.includes("-") && !name.startsWith("aria-") && !name.startsWith("data-")) {
    return [name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), value ?? ""];
  }
  return [name, value ?? ""];
}

interface OpenElement {
  type: string;
  props: Record<string, unknown>;
  children: ReactNode[];
}

/**
 * The content of the page's `<body>` (the whole text when it has none) as plain React elements, scripts left out.
 * Comments are React's own markers: a `<!-- -->` between two texts makes them two text children again, which React
 * separates the same way; Suspense's markers are not elements and go.
 */
export function pageElements(html: string): { element: ReactNode; elements: number } {
  const start = html.search(/<body[\s>]/);
  const bodyStart = start < 0 ? 0 : html.indexOf(">", start) + 1;
  const end = html.lastIndexOf("</body>");
  const body = html.slice(bodyStart, end < bodyStart ? html.length : end).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  const root: OpenElement = { type: "", props: {}, children: [] };
  const stack: OpenElement[] = [root];
  let elements = 0;
  const close = (open: OpenElement) => createElement(open.type, open.props, ...open.children);
  for (const match of body.matchAll(TOKEN)) {
    const [token, closing, opening, attributes, selfClosing] = match;
    const parent = stack[stack.length - 1] as OpenElement;
    if (token.startsWith("<!--")) continue;
    if (closing) {
      const at = stack.findLastIndex((open) => open.type === closing);
      if (at <= 0) continue;
      while (stack.length > at) {
        const done = stack.pop() as OpenElement;
        (stack[stack.length - 1] as OpenElement).children.push(close(done));
      }
    } else if (opening) {
      elements++;
      const props: Record<string, unknown> = {};
      for (const [, name, value] of (attributes ?? "").matchAll(ATTRIBUTE)) {
        if (!name) continue;
        const [prop, propValue] = propOf(name, value === undefined ? undefined : decodeEntities(value));
        props[prop] = propValue;
      }
      const open: OpenElement = { type: opening, props, children: [] };
      if (selfClosing || VOID_ELEMENTS.has(opening.toLowerCase())) parent.children.push(close(open));
      else stack.push(open);
    } else {
      parent.children.push(decodeEntities(token));
    }
  }
  while (stack.length > 1) {
    const done = stack.pop() as OpenElement;
    (stack[stack.length - 1] as OpenElement).children.push(close(done));
  }
  return { element: createElement(Fragment, null, ...root.children), elements };
}

/** Renders the element to bytes through the streaming API, the way the shop renders its pages. */
export function renderStreamed(element: ReactNode): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
      final(callback) {
        resolve(bytes);
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

export interface RenderFloor {
  /** Elements in the page's body (scripts left out). */
  elements: number;
  /** Bytes React writes for them (renderToString's output, UTF-8). */
  bytes: number;
  /** Milliseconds per render: renderToString (the cheapest React server API) and renderToPipeableStream (the shop's). */
  toStringMs: number;
  streamMs: number;
}

/** Times `render` over at least `minMs` after `warmups` calls, in milliseconds per call. */
async function msPerCall(render: () => unknown, warmups: number, minMs: number): Promise<number> {
  for (let i = 0; i < warmups; i++) await render();
  let calls = 0;
  const started = performance.now();
  while (performance.now() - started < minMs) {
    for (let i = 0; i < 20; i++) await render();
    calls += 20;
  }
  return (performance.now() - started) / calls;
}

/** What React alone costs for this page's markup (see the top of this file). */
export async function measureRenderFloor(html: string, options: { minMs?: number } = {}): Promise<RenderFloor> {
  const { element, elements } = pageElements(html);
  const minMs = options.minMs ?? 2000;
  const bytes = Buffer.byteLength(renderToString(element));
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    elements,
    bytes,
    toStringMs: round(await msPerCall(() => renderToString(element), 200, minMs)),
    streamMs: round(await msPerCall(() => renderStreamed(element), 200, minMs)),
  };
}

/** The page's HTML from a URL, or from a file (the scale benchmark saves the page it measured). */
async function readPage(source: string): Promise<string> {
  if (!/^https?:\/\//.test(source)) return readFileSync(source, "utf8");
  const response = await fetch(source, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
  return response.text();
}

if (import.meta.main) {
  const source = process.argv[2];
  // React loads its development build (several times slower) unless NODE_ENV says production when it is first imported.
  if (!source || process.env.NODE_ENV !== "production") {
    console.error(
      "usage: NODE_ENV=production node bench/render-floor.ts <page URL or HTML file>  (npm run bench:render-floor -- …)",
    );
    process.exit(2);
  }
  console.log(JSON.stringify(await measureRenderFloor(await readPage(source))));
}
