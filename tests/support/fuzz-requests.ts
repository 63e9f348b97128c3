import { METHODS } from "node:http";
import { connect } from "node:net";
import type { InjectOptions } from "fastify";
import { fuzzBody } from "./fuzz-bodies.ts";
import { createRandom, oddHeaderValue, oddQueryValue, oddString, type Random, uuidLike } from "./fuzz-values.ts";

/** One route of the running app, as the fuzz test sees it. `*` stands for any path the web app's catch-all takes. */
export interface FuzzRoute {
  kind: "api" | "page" | "file" | "health";
  path: string;
  methods: string[];
  /** Query parameter and body field names the route reads (OpenAPI for the API, the loaders and forms for pages). */
  query: string[];
  fields: string[];
}

/** A generated request, with what the known-failures list needs to recognise it. */
export interface FuzzRequest {
  route: FuzzRoute;
  options: InjectOptions & { method: string; url: string };
  /** The query string's parameters, decoded as the server decodes them. */
  query: URLSearchParams;
  /**
   * The body's fields as the server will read them (JSON values, form or multipart fields; none for other bodies), and
   * the shop's cookies the request sets, decoded, as `cookie <name>`.
   */
  fields: Record<string, unknown>;
  /**
   * A header holds a control character: Node's HTTP parser refuses those before Fastify sees them, and `inject` would
   * skip that parser, so the request goes over a real socket (`sendRaw`).
   */
  raw: boolean;
}

export interface FuzzContext {
  host: string;
  origin: string;
  /** A signed-in session's token: sent as bearer (API) or cookie (pages) by some requests. */
  token: string;
  /** Ids and names that exist, so some requests get past "not found". */
  productId: string;
  imageFile: string;
  /** Google ID tokens signed by the test issuer, with odd claims (names, e-mails), for credential fields. */
  credentials: string[];
}

const ODD_METHODS = METHODS.filter((method) => !["CONNECT"].includes(method));
const HEADER_NAMES = [
  "user-agent",
  "accept",
  "accept-language",
  "accept-encoding",
  "cookie",
  "authorization",
  "referer",
  "origin",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "if-none-match",
  "if-modified-since",
  "range",
  "sec-fetch-site",
  "x-requested-with",
  "content-language",
];
const SHOP_COOKIES = ["location", "flash", "otp_flow", "reset_grant", "sid"];
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const HEADER_CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** One request for `route`, entirely decided by `seed`. */
export function fuzzRequest(route: FuzzRoute, seed: number, context: FuzzContext): FuzzRequest {
  const random = createRandom(seed);
  const method = random.chance(0.8) ? random.pick(route.methods) : random.pick(ODD_METHODS);
  const path = fillPath(route, random, context);
  const rawQuery = queryString(route, random);
  const headers: Record<string, string> = { host: context.host };
  if (route.kind === "page" || random.chance(0.3)) headers.accept = random.pick(["text/html", "*/*", "application/json"]);
  const logout = /logout/i.test(route.path);
  if (!logout && random.chance(0.35)) {
    if (route.kind === "api" && random.chance(0.7)) headers.authorization = `Bearer ${context.token}`;
    else headers.cookie = `sid=${context.token}`;
    headers.origin = context.origin;
  } else if (random.chance(0.3)) {
    headers.origin = random.chance(0.7) ? context.origin : oddHeaderValue(random);
  }
  for (let i = random.int(random.chance(0.3) ? 4 : 1); i > 0; i--) {
    headers[random.pick(HEADER_NAMES)] = oddHeaderValue(random);
  }
  // The shop's own cookies with odd values (URL-encoded as the cookie registry writes them, or broken).
  const cookies: Record<string, string> = {};
  if (random.chance(0.2)) {
    for (let i = 1 + random.int(2); i > 0; i--) cookies[random.pick(SHOP_COOKIES)] = oddQueryValue(random);
    const jar = Object.entries(cookies).map(([name, value]) => `${name}=${value}`);
    headers.cookie = [headers.cookie, ...jar].filter(Boolean).join("; ");
  }
  const withBody = method === "GET" || method === "HEAD" ? random.chance(0.05) : random.chance(0.85);
  const body = withBody ? fuzzBody(route, random, context) : { fields: {} };
  if (body.contentType !== undefined) headers["content-type"] = body.contentType;
  // What reaches a server from a socket: header bytes read as Latin-1 (UTF-8 text arrives as its bytes).
  for (const [name, value] of Object.entries(headers)) headers[name] = Buffer.from(value, "utf8").toString("latin1");
  return {
    raw: Object.values(headers).some((value) => HEADER_CONTROLS.test(value)),
    route,
    options: {
      method,
      url: rawQuery ? `${path}?${rawQuery}` : path,
      headers,
      remoteAddress: `127.0.0.${1 + random.int(3)}`,
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
    } as FuzzRequest["options"],
    query: new URLSearchParams(rawQuery),
    fields: {
      ...body.fields,
      ...Object.fromEntries(Object.entries(cookies).map(([name, value]) => [`cookie ${name}`, safeDecode(value)])),
    },
  };
}

function fillPath(route: FuzzRoute, random: Random, context: FuzzContext): string {
  if (route.path === "*") {
    const segments = Array.from({ length: 1 + random.int(4) }, () => pathSegment(random));
    return `/${random.chance(0.2) ? "api/" : ""}${segments.join("/")}`;
  }
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (random.chance(0.3)) return name === "file" ? context.imageFile : context.productId;
    if (random.chance(0.3)) return uuidLike(random);
    return pathSegment(random);
  });
}

function pathSegment(random: Random): string {
  if (random.chance(0.3)) return random.pick(["%zz", "%00", "%2F", "..", "%2e%2e", "%C3%28", "~", "%", "a%00b", "%ff"]);
  return encodeURIComponent(oddString(random).slice(0, 500).toWellFormed()).replace(/%2F/g, random.chance(0.5) ? "/" : "%2F");
}

function queryString(route: FuzzRoute, random: Random): string {
  if (random.chance(0.15)) return "";
  const parts: string[] = [];
  for (let i = random.int(5); i >= 0; i--) {
    const known = route.query.length > 0 && random.chance(0.75);
    const name = known
      ? random.pick(route.query)
      : encodeURIComponent(oddString(random, { controls: false }).slice(0, 40).toWellFormed());
    const key = random.chance(0.1) ? `${name}${random.pick(["[]", "[0]", "[a][b]", ".x"])}` : name;
    parts.push(`${key}=${oddQueryValue(random)}`);
    if (random.chance(0.15)) parts.push(`${key}=${oddQueryValue(random)}`);
  }
  if (random.chance(0.05)) parts.push(`long=${"x".repeat(4000)}`);
  if (random.chance(0.05)) parts.push(random.pick(["&&&", "=", "==", "a", "%", "&=&"]));
  return parts.join("&");
}

/**
 * Sends a request over a real socket, as bytes (see `FuzzRequest.raw`); answers the status and everything after it
 * (status 0: the server closed the connection without an answer).
 */
export function sendRaw(port: number, request: FuzzRequest): Promise<{ statusCode: number; body: string }> {
  const { method, url, headers = {}, payload } = request.options;
  const body = payload === undefined ? Buffer.alloc(0) : Buffer.from(payload as string | Buffer);
  const lines = [`${method} ${url} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`)];
  lines.push(`content-length: ${body.length}`, "connection: close", "", "");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), body]));
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The parser answers 400 and closes at once, sometimes before the request is all written: a reset is a refusal.
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ statusCode: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer over the socket to ${method} ${url}`)));
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
