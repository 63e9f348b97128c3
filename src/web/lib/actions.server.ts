import { data } from "react-router";
import { requestMessages } from "#shared/messages.ts";

/** The SSR bundle has its own copy of the domain's AppError class, so an AppError is recognised by shape, not `instanceof`. */
interface AppErrorLike {
  name: "AppError";
  message: string;
  status: number;
  details?: Record<string, unknown>;
}

export function isAppError(error: unknown): error is AppErrorLike {
  return error instanceof Error && error.name === "AppError" && typeof (error as { status?: unknown }).status === "number";
}

/** What a failed action answers: the message to show (role="alert") and anything the screen needs to keep. */
export type ActionFailure<Extra extends object = object> = { ok: false; error: string } & Extra;

export function failure<Extra extends object>(error: string, status = 400, extra?: Extra, headers?: HeadersInit) {
  return data({ ok: false as const, error, ...(extra ?? ({} as Extra)) }, { status, headers });
}

/** A domain error becomes an answer with its status and message (429 keeps Retry-After); anything else is a bug. */
export async function attempt<T, Extra extends object = object>(
  work: () => Promise<T>,
  extra?: (error: AppErrorLike) => Extra,
): Promise<{ ok: true; value: T } | { ok: false; response: ReturnType<typeof failure<Extra>> }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const retryAfter = error.details?.retryAfter;
    const headers = typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined;
    return { ok: false, response: failure(error.message, error.status, extra?.(error), headers) };
  }
}

/** `own` headers (default: the parents') plus a refused action's Retry-After, which React Router would otherwise drop. */
export function withRetryAfter(
  { parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers },
  own?: HeadersInit,
): Headers {
  const headers = new Headers(own ?? parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** The first message of a failed parse: the shared schemas list fields in the spec's order. */
export function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? requestMessages.checkForm;
}

const FORM_LIMIT_BYTES = 64 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Undefined past `maxBytes`: the web adapter passes bodies through unlimited. An empty body is an empty form; a body that
 * is not a form is thrown as an answer: 415 for another content type, 400 for a multipart body that does not parse.
 */
export async function readForm(request: Request, maxBytes = FORM_LIMIT_BYTES): Promise<FormData | undefined> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return undefined;
  const body = await readBody(request, maxBytes);
  if (body === undefined) return undefined;
  if (body.byteLength === 0) return new FormData();
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(mediaType)) throw data(requestMessages.formUnsupportedType, { status: 415 });
  if (mediaType === "multipart/form-data" && !/;\s*boundary=/i.test(contentType)) {
    throw data(requestMessages.formNoBoundary, { status: 400 });
  }
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw data(requestMessages.formMalformed, { status: 400 });
  }
}

/** The whole body, or undefined once it grows past `maxBytes` (the rest is not read). */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function redirectWithCookies(location: string, cookies: string[]) {
  const headers = new Headers({ Location: location });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}
