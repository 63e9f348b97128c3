import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppError } from "#domain/errors.ts";
import type { Services } from "#domain/services.ts";
import { accountMessages, verificationCodeSent } from "#shared/messages.ts";
import { emailForm, otpCode, resetPasswordForm, signInForm, signUpForm } from "#shared/schemas/accounts.ts";
import { type Cookies, readCookies } from "../cookies.ts";
import { createPresenters } from "./present.ts";
import { parse, pathUserId, requester, validatedInRoute, withFailure } from "./route-support.ts";
import {
  codeAwaitedJson,
  userErrors as errors,
  OTP_PLACEHOLDER,
  okJson,
  resentJson,
  signedInJson,
  USER_ID_PLACEHOLDER,
  verifiedJson,
  verifyErrors,
} from "./user-schemas.ts";

/**
 * Spec §7 "User" made safe (docs/architecture.md, invariants 3 and 5): codes travel only by e-mail, a reset needs a grant
 * earned by a fresh code, path ids must be the session's, the server decides `isAdmin`.
 */
export const userApi: FastifyPluginAsyncZod<{ services: Services; cookies: Cookies; publicUrl: string }> = async (
  app,
  { services, cookies, publicUrl },
) => {
  const { accounts } = services;
  const present = createPresenters(publicUrl);
  const tags = ["User"];

  function signedIn(reply: FastifyReply, session: Awaited<ReturnType<typeof accounts.signIn>>) {
    reply.header("set-cookie", cookies.session(session.token, session.expiresAt));
    return {
      error: false as const,
      msg: accountMessages.signedIn,
      token: session.token,
      isVerify: true as const,
      user: { ...present.account(session.user), userId: session.user.id },
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
        summary: "E-mail a new verification code (at most one a minute); `otp` and `existingUserId` are placeholders",
        body: emailForm,
        response: { 200: resentJson, ...errors },
      },
    },
    async (request) =>
      withFailure({ status: "FAILED" }, async () => {
        const { email } = parse(emailForm, request.body);
        await accounts.resendCode({ email, ...requester(request) });
        // The same answer for every e-mail; the placeholders let the original client go on to its code page.
        return {
          error: false as const,
          status: "SUCCESS" as const,
          msg: accountMessages.verificationCodeResent,
          otp: OTP_PLACEHOLDER,
          existingUserId: USER_ID_PLACEHOLDER,
        };
      }),
  );

  async function verify(request: FastifyRequest, reply: FastifyReply, body: unknown, userId?: () => string | undefined) {
    const failure = (error: AppError) => ({ success: false, status: "FAILED", message: error.message });
    return withFailure(failure, async () => {
      const form = parse(z.object({ email: emailForm.shape.email, otp: otpCode }), body);
      const result = await accounts.verifyCode({ email: form.email, code: form.otp, userId: userId?.(), ...requester(request) });
      const message = result.purpose === "reset-password" ? accountMessages.codeVerified : accountMessages.emailVerified;
      if (result.resetToken && result.resetExpiresAt) {
        reply.header("set-cookie", cookies.resetGrant(result.resetToken, result.resetExpiresAt));
      }
      return {
        error: false as const,
        success: true as const,
        verified: true as const,
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
        summary:
          "Verify an e-mailed code for the account `id` (the e-mail's account, or resendOtp's placeholder); with no valid " +
          "code nothing is checked and the answer is verified:false (the original client's step before its code page)",
        // Checked by the route, not before it: the original client sends `emailVerify/undefined` before it has a code.
        params: z.object({ id: z.string().describe("User id (UUID); without a valid code it is not read") }),
        body: z.object({ email: z.string(), otp: z.string() }),
        response: { 200: z.union([verifiedJson, codeAwaitedJson]), ...verifyErrors },
      },
    },
    async (request, reply) => {
      const otp = (request.body as { otp?: unknown } | null | undefined)?.otp;
      if (!otpCode.safeParse(otp).success) {
        const message = accountMessages.enterEmailedCode;
        return { error: false as const, status: "SUCCESS" as const, verified: false as const, message, msg: message };
      }
      const userId = () => {
        const id = pathUserId(request);
        return id === USER_ID_PLACEHOLDER ? undefined : id;
      };
      return verify(request, reply, request.body, userId);
    },
  );

  app.post(
    "/user/verifyemail",
    {
      ...validatedInRoute,
      schema: {
        tags,
        summary: "Verify an e-mailed code: verifies the e-mail, or (reset code) issues the password reset grant",
        body: z.object({ email: z.string(), otp: z.string() }),
        response: { 200: verifiedJson, ...verifyErrors },
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
        summary:
          "Set a new password with the reset grant: its cookie or resetToken, or (the original client's body) the e-mail " +
          "alone from the requester who verified the code in the last 10 minutes; every session of the account ends",
        body: resetPasswordForm.safeExtend({ email: z.string().optional(), resetToken: z.string().optional() }),
        response: { 200: okJson.extend({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      withFailure({ status: "FAILED" }, async () => {
        const form = parse(resetPasswordForm, request.body);
        const body = (request.body ?? {}) as { email?: unknown; resetToken?: unknown };
        const resetToken = typeof body.resetToken === "string" ? body.resetToken : readCookies(request).resetToken;
        const email = typeof body.email === "string" && body.email.trim() !== "" ? body.email : undefined;
        await accounts.resetPassword({ resetToken, newPassword: form.newPass, email, requester: requester(request) });
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
};
