import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Requester } from "#domain/accounts/types.ts";
import { AppError } from "#domain/errors.ts";
import { firstError } from "#shared/schemas/accounts.ts";
import { idParam } from "#shared/schemas/catalog.ts";

/**
 * What the API's areas share when a route reads its input: bodies parsed with the shared form schemas (the spec's
 * message for the first field, in the spec's order), the path's user id, who is asking, and the contract's failure flags.
 */

/**
 * Bodies are declared for the OpenAPI document but validated with `attachValidation`: the route parses its body with
 * the shared form schema itself (`parse`), so the answer is the spec's message for the first field in the spec's order.
 * The path is still checked before the handler runs (plugins/request-guards.ts); such a route declares no query schema.
 */
export const validatedInRoute = { attachValidation: true } as const;

/** `value` parsed with `schema`; a failure is a 400 with the schema's first message. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError("BAD_REQUEST", firstError(result.error));
  return result.data;
}

const userIdParams = z.object({ id: idParam("User id") });

/** The path's user id, for a route whose params schema lets any text through (a malformed id is a 400). */
export function pathUserId(request: FastifyRequest): string {
  return parse(userIdParams, request.params).id;
}

/** Who is asking, for the services' abuse limits (per network as well as per account). */
export function requester(request: FastifyRequest): Required<Requester> {
  return { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" };
}

/**
 * Adds the contract's failure flags (`status: "FAILED"`, `success: false`) to any error of `work`; `extra` may be
 * computed from the error (e.g. `message` repeating `msg`).
 */
export async function withFailure<T>(
  extra: Record<string, unknown> | ((error: AppError) => Record<string, unknown>),
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const added = typeof extra === "function" ? extra(error) : extra;
    throw new AppError(error.code, error.message, { ...error.details, ...added });
  }
}
