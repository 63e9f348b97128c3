import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Account, Requester } from "#domain/accounts/types.ts";
import { AppError } from "#domain/errors.ts";
import { sessionMessages } from "#shared/messages.ts";
import { firstError } from "#shared/schemas/accounts.ts";
import { idParam } from "#shared/schemas/catalog.ts";

/**
 * What the API's areas share when a route reads its input: bodies parsed with the shared form schemas (the spec's
 * message for the first field, in the spec's order), the path's user id, who is asking and whether they may, and the
 * contract's failure flags.
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

/**
 * The signed-in shopper a route acts for, else 401 with `notSignedIn` (the spec's text where it gives one). A user id
 * the request names in its query or JSON body must be theirs (`checkNamedUsers`).
 */
export function signedInShopper(request: FastifyRequest, notSignedIn: string = sessionMessages.loginFirst): Account {
  if (!request.user) throw new AppError("UNAUTHORIZED", notSignedIn);
  checkNamedUsers(request, request.user);
  return request.user;
}

/** The signed-in shopper whose `/user/{id}` this is; another id is 403, like any other named user. */
export function ownAccount(request: FastifyRequest, pathUserId: string): Account {
  const user = signedInShopper(request);
  checkNamedUsers(request, user, [pathUserId]);
  return user;
}

/** The fields by which the contract's queries and bodies name a shopper (spec §7: cart, My List; orders' `userid`). */
const USER_ID_FIELDS = ["userId", "userid"] as const;

/**
 * Decision 006's rule for a shopper named by the client (`userId`/`userid` in the query or JSON body, and `also`: a
 * review's `customerId`, a path's id): absent or the session's own, else 403 with one message on every route. Empty,
 * "undefined" and "null" (what the original client sends without a stored user) count as absent.
 */
export function checkNamedUsers(request: FastifyRequest, user: Account, also: readonly unknown[] = []): void {
  const named = [...namedIn(request.query), ...namedIn(request.body), ...also];
  for (const value of named) {
    if (value === undefined || value === null) continue;
    const id = typeof value === "string" ? value.trim().toLowerCase() : undefined;
    if (id === "" || id === "undefined" || id === "null" || id === user.id.toLowerCase()) continue;
    throw new AppError("FORBIDDEN", sessionMessages.otherShopper);
  }
}

function namedIn(source: unknown): unknown[] {
  if (typeof source !== "object" || source === null || Array.isArray(source)) return [];
  const fields = source as Record<string, unknown>;
  return USER_ID_FIELDS.filter((field) => Object.hasOwn(fields, field)).map((field) => fields[field]);
}

/** How the OpenAPI document describes a `userId`/`userid` the contract lets a client send. */
export const namedUserDoc = "Optional; when sent, it must be the session's own user id (another shopper's: 403)";

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
