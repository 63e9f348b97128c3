import fastifyMultipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Account } from "#domain/accounts/types.ts";
import { AppError } from "#domain/errors.ts";
import type { Services } from "#domain/services.ts";
import { storedImageName, imageUrl as storedImageUrl } from "#shared/images.ts";
import { accountMessages, photoTooLarge, verificationCodeSent } from "#shared/messages.ts";
import {
  changePasswordForm,
  emailForm,
  firstError,
  otpCode,
  profileForm,
  resetPasswordForm,
  signInForm,
  signUpForm,
} from "#shared/schemas/accounts.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { type Cookies, readCookies } from "../cookies.ts";
import { requireSelf, requireUser } from "../plugins/auth.ts";
import { errorResponses } from "./error-schemas.ts";

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429, 503);

const userJson = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  images: z.array(z.string()).describe("Absolute image URLs"),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
});
const signedInJson = z.object({
  error: z.literal(false),
  msg: z.string(),
  token: z.string().describe("Bearer token of the new session"),
  isVerify: z.literal(true),
  user: userJson.extend({ userId: z.string() }),
});
const okJson = z.object({ error: z.literal(false), status: z.literal("SUCCESS"), msg: z.string() });
const verifiedJson = okJson.extend({
  success: z.literal(true),
  message: z.string(),
  purpose: z.enum(["verify-email", "reset-password"]),
  resetToken: z.string().optional().describe("Reset grant (15 min, single use) for forgotPassword/changePassword"),
});
const uploadJson = z.object({
  _id: z.string(),
  id: z.string(),
  images: z.array(z.string()),
  width: z.number(),
  height: z.number(),
});

/**
 * Bodies are declared for the OpenAPI document but validated with `attachValidation`: each route parses its body with
 * the shared form schema itself, so the answer is the spec's message for the first field in the spec's order.
 */
const validatedInRoute = { attachValidation: true } as const;

/** The path's user id (routes that validate in the route still refuse a malformed id with 400). */
function pathUserId(request: FastifyRequest): string {
  return parse(z.object({ id: idParam("User id") }), request.params).id;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError("BAD_REQUEST", firstError(result.error));
  return result.data;
}

/** Adds the contract's failure flags (`status: "FAILED"`, `success: false`) to any error of `work`. */
async function withFailure<T>(extra: Record<string, unknown>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, error.message, { ...error.details, ...extra });
    throw error;
  }
}

/**
 * Spec §7 "User" with its paths, made safe (ARCHITECTURE.md invariants 3 and 5): codes only ever travel by e-mail,
 * passwords are reset only with a grant earned by a fresh code, ids in paths must be the session's own, and the server
 * decides `isAdmin`. Also the pending-upload routes of My Account (`/imageUpload`). Register under `/api`.
 */
export const userApi: FastifyPluginAsyncZod<{
  services: Services;
  cookies: Cookies;
  publicUrl: string;
  uploadMaxBytes: number;
}> = async (app, { services, cookies, publicUrl, uploadMaxBytes }) => {
  const { accounts, uploads } = services;
  const imageUrl = (file: string) => storedImageUrl(file, publicUrl);
  const present = (user: Account) => ({ ...user, _id: user.id, images: user.images.map(imageUrl) });
  const requester = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] ?? "" });
  const tags = ["User"];

  // Multipart only here, for the photo upload; the shop's other routes accept JSON alone.
  await app.register(fastifyMultipart, {
    limits: { fileSize: uploadMaxBytes, files: 5, fields: 10, parts: 15, fieldSize: 1024 },
  });

  function signedIn(reply: FastifyReply, session: Awaited<ReturnType<typeof accounts.signIn>>) {
    reply.header("set-cookie", cookies.session(session.token, session.expiresAt));
    return {
      error: false as const,
      msg: accountMessages.signedIn,
      token: session.token,
      isVerify: true as const,
      user: { ...present(session.user), userId: session.user.id },
    };
  }

  app.post(
    "/user/signup",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Create an account (unverified) and e-mail it a six-digit code; isAdmin from clients is ignored",
        body: signUpForm,
        response: { 200: okJson.extend({ email: z.string() }), ...errors },
      },
    },
    async (request) =>
      withFailure({ status: "FAILED" }, async () => {
        const form = parse(signUpForm, request.body);
        const result = await accounts.signUp({ ...form, ...requester(request) });
        return {
          error: false as const,
          status: "SUCCESS" as const,
          email: result.email,
          msg: verificationCodeSent(result.email),
        };
      }),
  );

  app.post(
    "/user/signin",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Sign in with e-mail and password: a session token (and cookie); 403 isVerify:false when unverified",
        body: signInForm,
        response: { 200: signedInJson, ...errors },
      },
    },
    async (request, reply) => {
      const form = parse(signInForm, request.body);
      return signedIn(reply, await accounts.signIn({ ...form, ...requester(request) }));
    },
  );

  app.post(
    "/user/authWithGoogle",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Sign in with a Google ID token (credential or idToken); name and e-mail are taken from the token only",
        body: z.object({ credential: z.string().max(8192).optional(), idToken: z.string().max(8192).optional() }).loose(),
        response: { 200: signedInJson, ...errors },
      },
    },
    async (request, reply) => {
      const idToken = request.body?.credential ?? request.body?.idToken;
      return signedIn(reply, await accounts.signInWithGoogle({ idToken, ...requester(request) }));
    },
  );

  app.post(
    "/user/verifyAccount/resendOtp",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "E-mail a new verification code (at most one a minute); the code is never in the response",
        body: emailForm,
        response: { 200: okJson, ...errors },
      },
    },
    async (request) =>
      withFailure({ status: "FAILED" }, async () => {
        const { email } = parse(emailForm, request.body);
        await accounts.resendCode({ email, ...requester(request) });
        return {
          error: false as const,
          status: "SUCCESS" as const,
          msg: accountMessages.verificationCodeResent,
        };
      }),
  );

  async function verify(request: FastifyRequest, reply: FastifyReply, body: unknown, userId?: string) {
    return withFailure({ success: false, status: "FAILED" }, async () => {
      const form = parse(z.object({ email: emailForm.shape.email, otp: otpCode }), body);
      const result = await accounts.verifyCode({ email: form.email, code: form.otp, userId, ...requester(request) });
      const message = result.purpose === "reset-password" ? accountMessages.codeVerified : accountMessages.emailVerified;
      if (result.resetToken && result.resetExpiresAt) {
        reply.header("set-cookie", cookies.resetGrant(result.resetToken, result.resetExpiresAt));
      }
      return {
        error: false as const,
        success: true as const,
        status: "SUCCESS" as const,
        message,
        msg: message,
        purpose: result.purpose,
        resetToken: result.resetToken,
      };
    });
  }

  app.put(
    "/user/verifyAccount/emailVerify/:id",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Verify an e-mailed code for the account `id` (must be the e-mail's account)",
        params: z.object({ id: idParam("User id") }),
        body: z.object({ email: z.string(), otp: z.string() }),
        response: { 200: verifiedJson, ...errors },
      },
    },
    async (request, reply) => verify(request, reply, request.body, pathUserId(request)),
  );

  app.post(
    "/user/verifyemail",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Verify an e-mailed code: verifies the e-mail, or (reset code) issues the password reset grant",
        body: z.object({ email: z.string(), otp: z.string() }),
        response: { 200: verifiedJson, ...errors },
      },
    },
    async (request, reply) => verify(request, reply, request.body),
  );

  app.post(
    "/user/forgotPassword",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "E-mail a password reset code; the same answer whether or not the account exists",
        body: emailForm,
        response: { 200: okJson, ...errors },
      },
    },
    async (request) =>
      withFailure({ status: "FAILED" }, async () => {
        const { email } = parse(emailForm, request.body);
        await accounts.requestPasswordReset({ email, ...requester(request) });
        return {
          error: false as const,
          status: "SUCCESS" as const,
          msg: accountMessages.resetCodeSent,
        };
      }),
  );

  app.post(
    "/user/forgotPassword/changePassword",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Set a new password with the reset grant (cookie or resetToken); every session of the account ends",
        body: resetPasswordForm.safeExtend({ email: z.string().optional(), resetToken: z.string().optional() }),
        response: { 200: okJson.extend({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      withFailure({ status: "FAILED" }, async () => {
        const form = parse(resetPasswordForm, request.body);
        const body = (request.body ?? {}) as { email?: unknown; resetToken?: unknown };
        const resetToken = typeof body.resetToken === "string" ? body.resetToken : readCookies(request).resetToken;
        if (!resetToken)
          throw new AppError("FORBIDDEN", "Please verify the code we e-mailed you before choosing a new password.");
        const email = typeof body.email === "string" && body.email.trim() !== "" ? body.email : undefined;
        await accounts.resetPassword({ resetToken, newPassword: form.newPass, email });
        reply.header("set-cookie", [cookies.clearResetGrant(), cookies.clearSession()]);
        const message = accountMessages.passwordResetDone;
        return { error: false as const, status: "SUCCESS" as const, message, msg: message };
      }),
  );

  app.post(
    "/user/logout",
    {
      schema: {
        tags,
        summary: "End the current session",
        response: { 200: z.object({ error: z.literal(false), msg: z.string() }) },
      },
    },
    async (request, reply) => {
      if (request.session) await accounts.signOut(request.session.id);
      reply.header("set-cookie", cookies.clearSession());
      return { error: false as const, msg: accountMessages.signedOut };
    },
  );

  app.put(
    "/user/changePassword/:id",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Change the password (old one checked); the account's other sessions end",
        params: z.object({ id: idParam("User id") }),
        body: z.object({ password: z.string(), newPass: z.string(), confirmPass: z.string().optional() }),
        response: { 200: z.object({ error: z.literal(false), msg: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, pathUserId(request));
      const body = (request.body ?? {}) as Record<string, unknown>;
      // The contract sends the old password as `password` and may leave out confirmPass.
      const form = parse(changePasswordForm, {
        oldPassword: body.oldPassword ?? body.password,
        newPass: body.newPass,
        confirmPass: body.confirmPass ?? body.newPass,
      });
      await accounts.changePassword({
        userId: user.id,
        sessionId: request.session?.id,
        oldPassword: form.oldPassword,
        newPassword: form.newPass,
      });
      return { error: false as const, msg: accountMessages.passwordChanged };
    },
  );

  app.get(
    "/user/:id",
    {
      schema: {
        tags,
        summary: "Your own profile (another id: 403)",
        params: z.object({ id: idParam("User id") }),
        response: { 200: userJson.extend({ error: z.literal(false) }), ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      return { error: false as const, ...present(await accounts.getProfile(user.id)) };
    },
  );

  app.put(
    "/user/:id",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Update your profile: name, phone, images (your uploads); e-mail is read-only",
        params: z.object({ id: idParam("User id") }),
        body: profileForm.extend({ images: z.array(z.string()) }),
        response: { 200: userJson.extend({ error: z.literal(false), msg: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, pathUserId(request));
      const form = parse(profileForm, request.body);
      const raw = (request.body as { images?: unknown } | undefined)?.images;
      const named = (Array.isArray(raw) ? raw : []).map((value) =>
        typeof value === "string" ? storedImageName(value) : undefined,
      );
      const images = named.filter((name) => name !== undefined);
      if (images.length !== named.length) throw new AppError("BAD_REQUEST", "images must be uploaded image names");
      // `images` is required here (an absent or empty list has no photo); the service refuses a profile without one.
      const updated = await accounts.saveProfile({ userId: user.id, name: form.name, phone: form.phone, images });
      return { error: false as const, msg: accountMessages.userUpdated, ...present(updated) };
    },
  );

  app.post(
    "/user/upload",
    {
      schema: {
        tags,
        summary: "Upload profile photos (multipart field `images`; JPEG, PNG or WebP by content; re-encoded to WebP)",
        consumes: ["multipart/form-data"],
        response: { 200: z.object({ error: z.literal(false), msg: z.string(), images: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the photo as multipart/form-data in the field `images`.");
      }
      const stored: string[] = [];
      for await (const part of request.files()) {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
            throw new AppError("PAYLOAD_TOO_LARGE", photoTooLarge(uploadMaxBytes));
          }
          throw error;
        }
        const upload = await uploads.upload({ userId: user.id, data });
        stored.push(imageUrl(upload.fileName));
      }
      if (stored.length === 0) throw new AppError("BAD_REQUEST", accountMessages.imageType);
      return { error: false as const, msg: accountMessages.imagesUploaded, images: stored };
    },
  );

  app.get(
    "/imageUpload",
    {
      schema: {
        tags,
        summary: "Your photos uploaded but not yet saved on the profile",
        response: { 200: z.array(uploadJson), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return (await uploads.listPending(user.id)).map((upload) => ({
        _id: upload.id,
        id: upload.id,
        images: [imageUrl(upload.fileName)],
        width: upload.width,
        height: upload.height,
      }));
    },
  );

  app.delete(
    "/imageUpload/deleteAllImages",
    {
      schema: {
        tags,
        summary: "Delete your pending (unsaved) photos",
        response: { 200: z.object({ error: z.literal(false), msg: z.string(), deleted: z.number() }), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const deleted = await uploads.deletePending(user.id);
      return { error: false as const, msg: accountMessages.pendingPhotosDeleted, deleted };
    },
  );
};
