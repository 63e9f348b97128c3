import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "#domain/errors.ts";
import type { IdempotencyService } from "#domain/idempotency/idempotency-service.ts";
import { idempotencyMessages } from "#shared/messages.ts";

const KEY = /^[\x21-\x7e]{1,255}$/;

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !KEY.test(value)) {
    throw new AppError("BAD_REQUEST", idempotencyMessages.invalid);
  }
  return value;
}

/** Once per `Idempotency-Key`: a repeat with the same key and body replays the first answer (`Idempotent-Replayed: true`). */
export async function idempotent<T>(
  service: IdempotencyService,
  request: FastifyRequest,
  reply: FastifyReply,
  { owner, scope }: { owner: string; scope: string },
  work: () => Promise<{ status: number; body: T }>,
): Promise<T> {
  const answer = await service.run({ owner, scope, key: idempotencyKeyOf(request), request: request.body ?? null }, work);
  if (answer.replayed) reply.header("idempotent-replayed", "true");
  reply.status(answer.status);
  return answer.body;
}
