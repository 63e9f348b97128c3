import { z } from "zod";
import { errorJson, errorResponses } from "./error-schemas.ts";

/** Response schemas of the user routes (spec §7 "User"): user.ts, user-profile.ts and uploads.ts. */

export const userErrors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429, 503);

/**
 * The original client's "Verify Email" needs a non-empty `otp` from `resendOtp`, echoed to `emailVerify/{existingUserId}`:
 * neither is real (the code travels by e-mail, the id is the nil UUID for every e-mail; decision 008).
 */
export const OTP_PLACEHOLDER = "sent-by-email";
export const USER_ID_PLACEHOLDER = "00000000-0000-0000-0000-000000000000";

/** Stored file names (the contract's `images`; clients add `{host}/download/`) and their absolute URLs beside them. */
export const imageFields = {
  images: z.array(z.string()).describe("Stored image file names (u-….webp); served at {host}/download/{name}"),
  imageUrls: z.array(z.string()).describe("The same images as absolute URLs"),
};

export const userJson = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  ...imageFields,
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
export const resentJson = okJson.extend({
  otp: z.literal(OTP_PLACEHOLDER).describe("A placeholder, never the code: the code is only e-mailed"),
  existingUserId: z.literal(USER_ID_PLACEHOLDER).describe("A placeholder (the nil UUID), never an account's id"),
});
export const verifiedJson = okJson.extend({
  success: z.literal(true),
  verified: z.literal(true),
  message: z.string(),
  purpose: z.enum(["verify-email", "reset-password"]),
  resetToken: z.string().optional().describe("Reset grant (15 min, single use) for forgotPassword/changePassword"),
});
/** `emailVerify/{id}` with no valid code: nothing is checked or changed; the client goes on to its code page. */
export const codeAwaitedJson = okJson.extend({ verified: z.literal(false), message: z.string() });

/** `message` beside `msg` for the original client's code page; optional, as answers refused before the route lack it. */
const verifyErrorJson = errorJson.extend({ message: z.string().optional() });
export const verifyErrors = Object.fromEntries(Object.keys(userErrors).map((status) => [status, verifyErrorJson])) as Record<
  keyof typeof userErrors,
  typeof verifyErrorJson
>;
