/** The one error body of the API (spec §7 clients read `error` and `msg`). */
export interface ErrorBody {
  error: true;
  msg: string;
  [key: string]: unknown;
}

export function errorBody(msg: string, details?: Record<string, unknown>): ErrorBody {
  return { ...details, error: true, msg };
}
