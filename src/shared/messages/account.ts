// The account screens' texts (src/shared/messages.ts re-exports them): only the account pages' scripts carry them.
import { OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from "#shared/constants.ts";
import { fieldMessages } from "./fields.ts";

/** The accounts screens and the API's account routes: the forms' messages (spec §2/§5, in field order), then outcomes. */
export const accountMessages = {
  nameBlank: "name can not be blank!",
  nameTooLong: fieldMessages.atMostCharacters("name", 100),
  emailBlank: "email can not be blank!",
  phoneBlank: "phone can not be blank!",
  passwordBlank: "password can not be blank!",
  emailInvalid: "Please enter a valid email address",
  phoneDigits: "phone must contain digits only (6 to 15 of them)",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  forgotEmail: "Please enter your email",
  otpBlank: "Please enter OTP",
  otpDigits: `OTP must be ${OTP_LENGTH} digits`,
  newPasswordBlank: "Please enter new password",
  confirmBlank: "Please confirm password",
  mismatch: "Password and confirm password not match",
  fillAll: "Please fill all the details",
  imageType: "Please select a valid JPG or PNG image file.",
  googleUnavailable: "Google sign-in is not configured on this shop.",
  googleUnreachable: "Google sign-in is unreachable right now. Please try again in a moment.",
  googleTokenInvalid: "Google sign-in failed: the sign-in token is not valid. Please try again.",
  useForgotPassword: "To choose a new password, use Forgot Password first.",

  signedIn: "User authentication Successfully!",
  signedOut: "You are signed out.",
  emailVerified: "Your e-mail is verified. Please sign in.",
  codeVerified: "Code verified. Choose a new password.",
  /** The same answer whether or not the e-mail has an account (docs/decisions/008-one-time-codes.md). */
  verificationCodeResent: "If this e-mail has an account waiting for verification, we have sent it a new code.",
  resetCodeSent: "If an account uses this e-mail, we have sent it a code to reset the password.",
  /** Verify-mode's PUT without a code (the original client's step before its code page); reveals nothing either. */
  enterEmailedCode: "If this e-mail has an account waiting for verification, enter the code we e-mailed to it.",
  passwordChanged: "Your password has been changed.",
  passwordResetDone: "Your password has been changed. Please sign in.",
  userUpdated: "user updated",
  imagesUploaded: "Images Uploaded!",
  pendingPhotosDeleted: "Unsaved photos deleted.",
} as const;

/** After sign-up: where the verification code went. */
export function verificationCodeSent(email: string): string {
  return `We sent a ${OTP_LENGTH}-digit code to ${email}. Enter it to verify your e-mail.`;
}

/** After "Forgot Password" or "Verify Email" on the sign-in screen: where the code went and how long it lives. */
export function codeSentFor(email: string, ttlSeconds: number): string {
  return `We sent a ${OTP_LENGTH}-digit code to ${email}. ${codeValidity(ttlSeconds)}`;
}

/** After "Resend OTP". */
export function newCodeSent(email: string): string {
  return `We sent a new code to ${email}.`;
}

/** How long an e-mailed code lives (OTP_TTL_SECONDS), in whole minutes (at least one): "It is valid for 10 minutes." */
export function codeValidity(ttlSeconds: number): string {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return `It is valid for ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** A photo over UPLOAD_MAX_BYTES, in megabytes to one decimal. */
export function photoTooLarge(maxBytes: number): string {
  const mib = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return `The photo is larger than ${mib} MB. Please choose a smaller one.`;
}
