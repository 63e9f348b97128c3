import { z } from "zod";

/** `{ error: true, msg }`, plus the contract's flags where a route has them (`status`, `success`, `isVerify`), `retryAfter`. */
export const errorJson = z
  .object({
    error: z.literal(true),
    msg: z.string(),
    status: z.literal("FAILED").optional(),
    success: z.literal(false).optional(),
    isVerify: z.boolean().optional(),
    retryAfter: z.number().optional(),
    reauthenticate: z.string().optional().describe("Back office: where to give the password again before retrying"),
  })
  .meta({ id: "Error" });

/** The error answers a route declares: `errorResponses(400, 404)` → `{ 400: errorJson, 404: errorJson }`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorJson> {
  return Object.fromEntries(statuses.map((status) => [status, errorJson])) as Record<S, typeof errorJson>;
}
