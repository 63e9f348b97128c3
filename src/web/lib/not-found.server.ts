import { data } from "react-router";
import type { AppError } from "#domain/errors.ts";

/** A real 404 answer for the route's ErrorBoundary (never a 200 page that says "not found"). */
export function notFoundResponse() {
  return data(null, { status: 404 });
}

/**
 * The domain's NOT_FOUND becomes the page's 404 and GONE (an archived product, decision 032) a 410 carrying its
 * message; any other failure stays a failure.
 */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = appErrorCode(error);
    if (code === "NOT_FOUND") throw notFoundResponse();
    if (code === "GONE") throw data((error as AppError).message, { status: 410 });
    throw error;
  }
}

// By its code, not `instanceof`: the SSR bundle holds its own copy of src/domain/errors.ts.
function appErrorCode(error: unknown): AppError["code"] | undefined {
  return error instanceof Error && error.name === "AppError" ? (error as AppError).code : undefined;
}
