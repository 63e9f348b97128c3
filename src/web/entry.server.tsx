import type { Writable } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { requestInfoContext } from "#app-context";
import { etagMatches } from "#shared/etags.ts";
import { PageSink, WholePage } from "./lib/page-stream.server.ts";
import {
  declaresPublicCache,
  inlineScriptHashes,
  PRIVATE_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  strongEtag,
} from "./lib/public-pages.server.ts";
import { lowerModulePreloads } from "./lib/script-priority.server.ts";

export const streamTimeout = 5_000;

/**
 * A Suspense boundary finished by the time it is written goes in its place. React otherwise moves a large one, once a
 * long page is under way, after the rest of the page, hidden until a script places it: nothing is gained when the parts
 * are ready, and without JavaScript they stay hidden. Boundaries still waiting for data stream as before.
 */
const EVERY_PART_IN_PLACE = Number.POSITIVE_INFINITY;

/** Streams the page; bots get the whole document at once. An anonymous page has no nonce (renderAnonymous). */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const info = loadContext.get(requestInfoContext);
  // Personal pages change with the cookies they came with; a shared cache must not hand one to somebody else.
  responseHeaders.append("Vary", "Cookie");
  if (info.anonymous) return renderAnonymous(request, responseStatusCode, responseHeaders, routerContext, info);
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PRIVATE_PAGE_CACHE_CONTROL);
  const nonce = info.nonce;
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const ready = () => {
      shellRendered = true;
      const sink = new PageSink(() => {
        clearTimeout(timeoutId);
        timeoutId = undefined;
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      pipe(sink as unknown as Writable);
      resolve(new Response(sink.body, { headers: responseHeaders, status: responseStatusCode }));
    };
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      progressiveChunkSize: EVERY_PART_IN_PLACE,
      ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
      onShellError: reject,
      onError(error) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}

/**
 * Rendered whole without a nonce, so every visitor without the shop's cookies gets the same bytes (decision 019): CSP by
 * script hash, an ETag of the bytes, shared-cache headers when the route declares `handle.publicCache`.
 */
async function renderAnonymous(
  request: Request,
  statusCode: number,
  headers: Headers,
  routerContext: EntryContext,
  info: { policyWithScriptHashes: (hashes: readonly string[]) => string | undefined },
): Promise<Response> {
  const rendered = await renderWhole(<ServerRouter context={routerContext} url={request.url} />);
  const status = rendered.failed ? 500 : statusCode;
  const bytes = lowerModulePreloads(rendered.bytes);
  headers.set("Content-Type", "text/html; charset=utf-8");
  const policy = info.policyWithScriptHashes(inlineScriptHashes(bytes));
  if (policy) headers.set("Content-Security-Policy", policy);
  const publicCache =
    status === 200 &&
    routerContext.staticHandlerContext.matches.some((match) =>
      declaresPublicCache(routerContext.routeModules[match.route.id]?.handle),
    );
  if (!headers.has("Cache-Control")) {
    headers.set("Cache-Control", publicCache ? PUBLIC_PAGE_CACHE_CONTROL : PRIVATE_PAGE_CACHE_CONTROL);
  }
  const etag = strongEtag(bytes);
  headers.set("ETag", etag);
  if (status === 200 && etagMatches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  // The rendered bytes, not a string to encode again (decision 023). Buffer.concat's memory is never shared: the cast
  // only tells TypeScript so.
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status, headers });
}

/** Renders a React tree to its bytes once everything (streamed loader data included) has resolved. */
function renderWhole(element: React.ReactElement): Promise<{ bytes: Buffer; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const page = new WholePage((result) => {
      clearTimeout(timeoutId);
      if ("error" in result) reject(result.error);
      else resolve({ bytes: result.bytes, failed });
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      progressiveChunkSize: EVERY_PART_IN_PLACE,
      onAllReady: () => pipe(page as unknown as Writable),
      onShellError(error) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error) {
        failed = true;
        console.error(error);
      },
    });
    // Declared after the render starts; its callbacks above run later, once the render has begun.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

/** Not-found pages are answers, not errors; a form post refused by React Router's origin check is a client's mistake. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && error.message.endsWith("Aborting the action.")) {
    console.warn(`form post refused: ${error.message}`);
    return;
  }
  console.error(error);
};
