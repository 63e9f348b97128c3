import { data } from "react-router";
import type { AppError } from "#domain/errors.ts";

/** A real 404 answer for the route's ErrorBoundary (never a 200 page that says "not found"). */
export function notFoundResponse() {
  return data(null, { status: 404 });
}

/** The domain's NOT_FOUND becomes the page's 404; any other failure stays a failure. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isNotFound(error)) throw notFoundResponse();
    throw error;
  }
}

// By its code, not `instanceof`: the SSR bundle holds its own copy of src/domain/errors.ts.
function isNotFound(error: unknown): boolean {
  return error instanceof Error && error.name === "AppError" && (error as AppError).code === "NOT_FOUND";
}
