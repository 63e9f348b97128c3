import { OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN, RATING_MAX, RATING_STEP, REVIEW_TEXT_MAX } from "./constants.ts";

/**
 * What the accounts screens and the API's account routes tell people, written once for both adapters and the domain:
 * the forms' messages (spec §2/§5, shown in the spec's field order), then outcomes. A sentence two places show lives here.
 */
export const accountMessages = {
  nameBlank: "name can not be blank!",
  nameTooLong: "name must be at most 100 characters",
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
  formTooLarge: "The form is too large.",
  googleUnavailable: "Google sign-in is not configured on this shop.",

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

/** The upload limits of profile photos (spec §2 My Account; UPLOAD_* settings), for the API and the web app alike. */
export const uploadMessages = {
  tooManyPerRequest: (max: number) => `Please upload at most ${max} photos at a time.`,
  pendingFull: (max: number) =>
    `You already have ${max} unsaved photos. Save your profile or delete the unsaved photos before uploading more.`,
  pendingTooLarge: "Your unsaved photos take up too much space. Save your profile or delete them before uploading more.",
  dailyCap: (max: number) => `You have uploaded ${max} photos today, the most allowed in a day.`,
  stagedPerNetwork: "Too many photos were uploaded from your network without signing in.",
  stagedOrigin: "Photos can be uploaded without signing in only from the shop's own pages. Please sign in and try again.",
  malformed:
    "The upload is not valid multipart/form-data (its boundary is missing or wrong, or it was cut off). Send the photos in the field `images`.",
  notMultipart: "Send the photo as multipart/form-data in the field `images`.",
  tooManyParts: "The upload has too many parts. Send only the photos, in the field `images`.",
} as const;

/**
 * What the pages say when no money moves: every page of a production shop running test payments (ALLOW_TEST_PAYMENTS),
 * and the payment step with Razorpay's test keys (`rzp_test_`).
 */
export const testModeMessages = {
  notice: "Test mode: payments on this shop are tests and no real money moves.",
  razorpayTitle: "Test payment",
  razorpayDetail:
    "This shop runs in test mode with Razorpay's test keys: pay with one of Razorpay's test cards; no real money moves.",
  payLabel: "(test payment)",
} as const;

/** What the product page's review form and the reviews API tell people (spec §5, §8), for both adapters and the domain. */
export const reviewMessages = {
  blank: "Please add a Review",
  loginFirst: "Please Login first",
  tooLong: `A review can be at most ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters.`,
  rating: `Please choose a rating from ${RATING_STEP} to ${RATING_MAX} stars, in half stars.`,
  unknownIntent: "Unknown review action",
  added: "Thank you! Your review has been added.",
  replaced: "Your review has been updated.",
} as const;

/**
 * What a repeatable write answers once it reaches its abuse limit (src/domain/rate-limit/policies.ts), per account for
 * a shopper and per network for a visitor; the limiter appends the wait ("Please try again in 12 minutes.").
 */
export const writeLimitMessages = {
  guestCarts: "Too many carts were started from your network.",
  guestCartChanges: "Too many cart changes from your network.",
  cartChanges: "Too many cart changes.",
  myList: "Too many changes to My List.",
  reviews: "Too many reviews written or changed.",
  profile: "Too many profile changes.",
  photoUploads: "Too many photo uploads tried.",
  photoDeletes: "Too many photo deletions.",
  passwordResets: "Too many new passwords tried from your network.",
  checkouts: "Too many checkouts started.",
  payments: "Too many payments confirmed or tried.",
} as const;
