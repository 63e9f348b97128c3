import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "#shared/constants.ts";
import { accountMessages, requestMessages } from "#shared/messages.ts";
import { safeText } from "./text.ts";

// The account forms (spec §2, §5), shared by the web app and the API so both answer alike, checked in the spec's order.
// The common-password check needs the server's list: it lives in the domain (password-policy.ts).

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const required = (message: string, name: string) =>
  z.preprocess(blankToUndefined, safeText({ name, error: message }).trim().min(1, { error: message }));

const email = (blank: string) =>
  z.preprocess(
    blankToUndefined,
    safeText({ name: "E-mail", error: blank })
      .trim()
      .min(1, { error: blank })
      .max(254, { error: accountMessages.emailInvalid })
      .pipe(z.email({ error: accountMessages.emailInvalid }))
      .transform((value) => value.toLowerCase()),
  );

/** Passwords are not trimmed: spaces are characters like any other. */
const password = (blank: string) =>
  safeText({ name: "Password", error: blank })
    .min(1, { error: blank })
    .min(PASSWORD_MIN, { error: accountMessages.passwordTooShort })
    .max(PASSWORD_MAX, { error: accountMessages.passwordTooLong });

/** Sign-in checks presence only: an old account's password may predate today's policy. */
const anyPassword = (blank: string) =>
  safeText({ name: "Password", error: blank }).min(1, { error: blank }).max(1024, { error: accountMessages.passwordTooLong });

const phone = (blank: string) =>
  z.preprocess(
    (value) => (typeof value === "number" ? String(value) : blankToUndefined(value)),
    safeText({ name: "Phone", error: blank })
      .trim()
      .min(1, { error: blank })
      .regex(/^\d{6,15}$/, { error: accountMessages.phoneDigits }),
  );

export const signInForm = z.object({
  email: email(accountMessages.emailBlank),
  password: anyPassword(accountMessages.passwordBlank),
});

export const signUpForm = z.object({
  name: required(accountMessages.nameBlank, "Name").pipe(
    safeText({ name: "Name" }).max(100, { error: accountMessages.nameTooLong }),
  ),
  email: email(accountMessages.emailBlank),
  phone: phone(accountMessages.phoneBlank),
  password: password(accountMessages.passwordBlank),
});

export const emailForm = z.object({ email: email(accountMessages.forgotEmail) });

export const otpCode = z.preprocess(
  blankToUndefined,
  safeText({ name: "OTP", error: accountMessages.otpBlank })
    .trim()
    .regex(/^\d{6}$/, { error: accountMessages.otpDigits }),
);

export const otpForm = z.object({ email: email(accountMessages.emailBlank), otp: otpCode });

const matching = <T extends { newPass: string; confirmPass: string }>(value: T) => value.newPass === value.confirmPass;

export const resetPasswordForm = z
  .object({
    newPass: password(accountMessages.newPasswordBlank),
    confirmPass: safeText({ name: "Password", error: accountMessages.confirmBlank }).min(1, {
      error: accountMessages.confirmBlank,
    }),
  })
  .refine(matching, { error: accountMessages.mismatch, path: ["confirmPass"] });

export const changePasswordForm = z
  .object({
    oldPassword: anyPassword(accountMessages.fillAll),
    newPass: safeText({ name: "Password", error: accountMessages.fillAll })
      .min(1, { error: accountMessages.fillAll })
      .pipe(password(accountMessages.fillAll)),
    confirmPass: safeText({ name: "Password", error: accountMessages.fillAll }).min(1, { error: accountMessages.fillAll }),
  })
  .refine(matching, { error: accountMessages.mismatch, path: ["confirmPass"] });

export const profileForm = z.object({
  name: required(accountMessages.fillAll, "Name").pipe(
    safeText({ name: "Name" }).max(100, { error: accountMessages.nameTooLong }),
  ),
  phone: phone(accountMessages.fillAll),
});

export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? requestMessages.checkForm;
}

/** A longer query is dropped and a longer path gives the fallback, so a Location carrying it stays a few kB. */
export const REDIRECT_PATH_MAX = 1024;

const SHOP = "http://shop.invalid";

/** Checked after the URL parser resolved dot segments, `%2e` and backslashes: never a Location that leaves the origin. */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  // Browsers drop tabs and newlines and read `\` as `/`: such a target is refused rather than guessed at.
  if ([...value].some((char) => char < " " || char === "\u007f" || char === "\\")) return fallback;
  let url: URL;
  try {
    url = new URL(value, SHOP);
  } catch {
    return fallback;
  }
  if (url.origin !== SHOP || readAsAnotherHost(url.pathname)) return fallback;
  const whole = `${url.pathname}${url.search}${url.hash}`;
  if (whole.length <= REDIRECT_PATH_MAX) return whole;
  return url.pathname.length <= REDIRECT_PATH_MAX ? url.pathname : fallback;
}

/** A resolved path that starts `//` once a proxy or browser decodes its slashes, backslashes or drops its tabs. */
function readAsAnotherHost(pathname: string): boolean {
  return pathname
    .replace(/%(?:09|0a|0d)/gi, "")
    .replace(/%(?:2f|5c)/gi, "/")
    .startsWith("//");
}
