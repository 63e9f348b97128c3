import { data } from "react-router";

/**
 * Helpers for the accounts screens' actions (sign in, sign up, OTP, passwords, profile). Services throw the domain's
 * AppError; the SSR bundle has its own copy of that class, so it is recognised by shape, not `instanceof`.
 */
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

/**
 * Runs a service call; a domain error becomes an answer with its status and message (429 keeps Retry-After), anything
 * else is a bug and goes to the error boundary.
 */
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

/** The first message of a failed parse: the shared schemas list fields in the spec's order. */
export function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? "Please check the form";
}

const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * The request's form, refusing bodies larger than `maxBytes` (the web adapter passes bodies through unlimited, so a
 * photo upload or a hostile client could otherwise make the server buffer anything). Returns undefined when too large.
 */
export async function readForm(request: Request, maxBytes = FORM_LIMIT_BYTES): Promise<FormData | undefined> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return undefined;
  if (!request.body) return new FormData();
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
  return new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
}

export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A redirect setting several cookies. */
export function redirectWithCookies(location: string, cookies: string[]) {
  const headers = new Headers({ Location: location });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}
