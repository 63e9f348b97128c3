/**
 * The one error type of the domain. Services throw it; adapters map `code` to an HTTP status
 * and show `message`, which is written for people. Anything else that reaches an adapter is a bug and becomes a 500
 * whose body never shows internals.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
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
