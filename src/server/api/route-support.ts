import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Account, Requester } from "#domain/accounts/types.ts";
import { AppError } from "#domain/errors.ts";
import { sessionMessages } from "#shared/messages.ts";
import { firstError } from "#shared/schemas/accounts.ts";
import { idParam } from "#shared/schemas/catalog.ts";

// What the API's areas share when a route reads its input: bodies parsed with the shared form schemas, the path's user
// id, who is asking and whether they may, and the contract's failure flags.

// The route parses its body itself (`parse`) for the spec's message of the first field in the spec's order; the path is
// still checked first (plugins/request-guards.ts), and such a route declares no query schema.
export const validatedInRoute = { attachValidation: true } as const;

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

/** The signed-in shopper, else 401 with `notSignedIn`; a user id the query or body names must be theirs (`checkNamedUsers`). */
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

const USER_ID_FIELDS = ["userId", "userid"] as const;

/**
 * Decision 006: a shopper the client names (`userId`/`userid` in query or body, and `also`) is absent or the session's,
 * else 403. Empty, "undefined" and "null" (the original client without a stored user) count as absent.
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

export const namedUserDoc = "Optional; when sent, it must be the session's own user id (another shopper's: 403)";

/** Who is asking, for the services' abuse limits (per network as well as per account). */
export function requester(request: FastifyRequest): Required<Requester> {
  return { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" };
}

/** Adds the contract's failure flags (`status: "FAILED"`, `success: false`) and `extra` of the error to any error of `work`. */
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
