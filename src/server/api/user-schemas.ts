import { z } from "zod";
import { errorResponses } from "./error-schemas.ts";

/** Response schemas of the user routes (spec §7 "User"): user.ts, user-profile.ts and uploads.ts. */

/** Every error status the user routes may answer, each with the API's one error body. */
export const userErrors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429, 503);

export const userJson = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  images: z.array(z.string()).describe("Absolute image URLs"),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
});
export const signedInJson = z.object({
  error: z.literal(false),
  msg: z.string(),
  token: z.string().describe("Bearer token of the new session"),
  isVerify: z.literal(true),
  user: userJson.extend({ userId: z.string() }),
});
export const okJson = z.object({ error: z.literal(false), status: z.literal("SUCCESS"), msg: z.string() });
export const verifiedJson = okJson.extend({
  success: z.literal(true),
  message: z.string(),
  purpose: z.enum(["verify-email", "reset-password"]),
  resetToken: z.string().optional().describe("Reset grant (15 min, single use) for forgotPassword/changePassword"),
});
