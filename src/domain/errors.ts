/**
 * The domain's one error type: adapters map `code` to a status and show `message`, written for people. Anything else
 * reaching an adapter is a bug, a 500 whose body never shows internals.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  override name = "AppError";
  readonly code: AppErrorCode;
  /** Extra fields for the response body (e.g. `isVerify` on sign-in), never internals. */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: AppErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const badRequest = (message: string) => new AppError("BAD_REQUEST", message);
