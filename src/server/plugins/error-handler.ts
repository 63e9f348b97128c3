import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "#domain/errors.ts";
import { requestMessages } from "#shared/messages.ts";
import { type OutageCheck, sendBusy, translateOutages } from "./database-outage.ts";
import { errorBody } from "./error-body.ts";

export { type ErrorBody, errorBody } from "./error-body.ts";

export interface ErrorHandlerOptions {
  /** Asked only when a request fails with a 5xx: an outage is a 503, not a 500 (database-outage.ts). */
  outage: OutageCheck;
}

/**
 * Every failure as the API's error body: an AppError keeps its code, a schema failure is a 400 naming the parameter,
 * Fastify's client errors keep their 4xx, an outage is a 503, anything else a 500 showing no internals (logged).
 */
export const errorHandlerPlugin = fp(async function errorHandlerPlugin(app: FastifyInstance, { outage }: ErrorHandlerOptions) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error.details?.retryAfter;
      if (error.code === "TOO_MANY_REQUESTS" && typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
      return reply.status(error.status).send(errorBody(error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath.replace(/^\//, "").replaceAll("/", ".");
      const message = first?.message ?? requestMessages.invalid;
      const msg = where && !message.includes(where.split(".")[0] ?? "") ? `${where}: ${message}` : message;
      return reply.status(400).send(errorBody(msg));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
      return reply.status(500).send(errorBody(requestMessages.serverFailed));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) return reply.status(status).send(errorBody(error.message));
      return reply.status(status).send(errorBody(clientErrorMessage(error)));
    }
    if (await outage.databaseDown()) {
      request.log.warn({ err: error }, "request failed while the database does not answer: 503");
      return sendBusy(request, reply);
    }
    request.log.error({ err: error }, "request failed");
    outage.decided(request);
    return reply.status(Math.max(status, 500)).send(errorBody(requestMessages.serverFailed));
  });

  // Answers that fail without reaching this handler (React Router renders a loader's error as its own 500 page).
  translateOutages(app, outage);

  // Without the web app (API-only tests), every unknown path gets the API's JSON 404; with it, the web adapter's
  // catch-all owns every path outside /api, and /api has a catch-all route of its own (api/index.ts).
  app.setNotFoundHandler(notFoundAnswer);
});

export async function notFoundAnswer(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(errorBody(requestMessages.noApiRoute(request.method, request.url.split("?")[0] ?? "")));
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return requestMessages.bodyTooLarge;
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return requestMessages.notJson;
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return requestMessages.emptyJson;
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return requestMessages.invalidJson;
    default:
      return error.message;
  }
}
