// The shop's texts other than the account screens', the checkout's and the field refusals (src/shared/messages.ts
// re-exports them all): the pages, toasts, API answers and the domain's refusals.
import { CART_TITLE_MAX, RATING_MAX, RATING_STEP, REVIEW_TEXT_MAX } from "#shared/constants.ts";
import { formatRupees } from "#shared/money.ts";
import { truncate } from "#shared/text.ts";
import { fieldMessages } from "./fields.ts";

/** Who may ask: the API's and pages' answer to a visitor, and to a request that names another shopper (decision 006). */
export const sessionMessages = {
  /** Spec §5 (cart); also every other API route that needs a signed-in shopper. */
  loginFirst: "Please login first",
  /** Spec §5's review refusal, capitalised as the spec writes it. */
  reviewLoginFirst: "Please Login first",
  /** A `userId`/`userid`, `customerId` or `/user/{id}` that is not the session's own: 403. */
  otherShopper: "You can only see and change your own account.",
} as const;

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
  tooManyPixels: "This image has too many pixels. Please choose a smaller photo.",
  busy: "Too many photos are being processed right now. Please try again in a minute.",
  notOwnUpload: "That image was not uploaded by you. Please upload the photo again.",
  notUploadNames: "images must be uploaded image names",
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
  /** Appended to every limit's message. */
  tryAgainIn: (wait: string) => `Please try again in ${wait}.`,
  guestCarts: "Too many carts were started from your network.",
  guestCartChanges: "Too many cart changes from your network.",
  cartChanges: "Too many cart changes.",
  myList: "Too many changes to My List.",
  reviews: "Too many reviews written or changed.",
  reviewReports: "Too many reviews reported.",
  profile: "Too many profile changes.",
  photoUploads: "Too many photo uploads tried.",
  photoDeletes: "Too many photo deletions.",
  passwordResets: "Too many new passwords tried from your network.",
  checkouts: "Too many checkouts started.",
  payments: "Too many payments confirmed or tried.",
} as const;

/** The cart: the product page's add, the cart page and `/api/cart` (spec §5, §8). */
export const cartMessages = {
  added: "Item is added in the cart",
  removed: "item removed from cart!",
  updated: "Quantity changed",
  unknownIntent: "Unknown cart action",
  quantityNumber: fieldMessages.notWholeNumber("quantity"),
  quantityMin: fieldMessages.atLeast("quantity", 1),
  quantityMax: (max: number) => fieldMessages.atMost("quantity", max),
  aboveStock: "The quantity is greater than product count in stock",
  outOfStock: "This product is out of stock",
  lineNotFound: "Cart item not found",
} as const;

/** What the option picker says and the cart answers when a list has no choice (spec §4). */
export function missingOptionMessage(label: string): string {
  return `Please select a ${label.toLowerCase()}`;
}

/** What the cart page says of a line it marks (stock read on every view); an archived product is no longer available. */
export function stockNote(countInStock: number, unavailable = false): string {
  if (unavailable) return "No longer available";
  return countInStock <= 0 ? "Out of stock" : `Only ${countInStock} left`;
}

/** Beside a line's price when it is not the price the product had when added. */
export function priceChangedNote(pricePaiseAtAdd: number): string {
  return `Price changed since added (was ${formatRupees(pricePaiseAtAdd)})`;
}

/** Beside a visitor's Checkout link: checkout needs an account, the cart follows (decision 013). */
export const checkoutLoginNote = `${sessionMessages.loginFirst} to check out. Your cart comes with you.`;

/** Why the Checkout link is disabled: the lines to change, by their (cut) titles. */
export function checkoutBlockedMessage(titles: readonly string[]): string {
  return sentence(`Change these lines before checking out: ${names(titles)}`);
}

/** What a guest cart's merge into the account's cart changed (docs/decisions/013-guest-cart.md). */
export interface GuestCartMerge {
  /** Guest lines that became new lines of the account's cart. */
  added: number;
  /** Guest lines added to a line the account's cart already had (same product and option). */
  combined: number;
  /** Titles of lines whose quantity was cut to the stock. */
  capped: string[];
  /** Titles of lines whose price is not what it was when the visitor added them. */
  repriced: string[];
}

/** The one notice shown after signing in with a guest cart (a flash: short). */
export function guestCartMergedMessage(merge: GuestCartMerge): string {
  const lines = merge.added + merge.combined;
  const parts = [`${lines} ${lines === 1 ? "product" : "products"} from before you signed in moved to your cart`];
  if (merge.combined > 0) parts.push(`${merge.combined} added to what was already there`);
  let text = `${parts.join(", ")}.`;
  if (merge.capped.length > 0) text += ` ${sentence(`Limited to the stock: ${names(merge.capped)}`)}`;
  if (merge.repriced.length > 0) text += ` ${sentence(`Price changed since added: ${names(merge.repriced)}`)}`;
  return text;
}

/** A full stop, unless a cut title's ellipsis already ends the sentence. */
function sentence(text: string): string {
  return text.endsWith("...") ? text : `${text}.`;
}

/** Titles cut to the cart's 30 characters, at most three of them named. */
function names(titles: readonly string[]): string {
  const shown = titles.slice(0, 3).map((title) => truncate(title, CART_TITLE_MAX));
  return titles.length > shown.length ? `${shown.join(", ")} and ${titles.length - shown.length} more` : shown.join(", ");
}

/** My List (the wishlist): its screens, hearts and API routes (spec §5, §8). */
export const wishlistMessages = {
  loginToContinue: "Please Login to continue",
  added: "the product added in my list",
  removed: "item removed from My List!",
  alreadyAdded: "Product already added in the My List",
  notFound: "This item is not in your My List.",
  unknownIntent: "Unknown My List action",
} as const;

export function myListFull(max: number): string {
  return `My List holds at most ${max} products. Remove one to add another.`;
}

/** The catalogue's answers: an unknown id, a refused write, a search or location that cannot be read. */
export const catalogMessages = {
  productNotFound: "Product not found",
  /** An archived product (decision 032): its page and API answer 410, the cart, My List and reviews refuse it. */
  productGone: "This product is no longer available",
  categoryNotFound: "Category not found",
  cursorGone: "The product this page continues after no longer exists: start again from the first page.",
  stockWhole: "Stock must be a whole number, 0 or more.",
  searchBlank: "Please enter something to search for (q)",
  searchControlCharacters: "The search text must not contain control characters.",
  categoryNameRequired: "A category name is required",
  categoryNameControlCharacters: "The category name must not contain control characters",
  chooseLocation: "Choose a location",
  unknownLocation: "Unknown location",
} as const;

/** A retried write's `Idempotency-Key` (docs/decisions/015-checkout-and-payments.md). */
export const idempotencyMessages = {
  invalid: "Idempotency-Key must be 1 to 255 visible ASCII characters.",
  tooFast: "This Idempotency-Key is being reused too fast; please retry.",
  otherRequest: "This Idempotency-Key was already used with a different request.",
  inFlight: "A request with this Idempotency-Key is still being answered; please retry shortly.",
} as const;

/** The accounts' abuse limits (src/domain/accounts/internals.ts); the limiter appends the wait. */
export const accountLimitMessages = {
  signinAccount: "Too many sign-in attempts for this account.",
  signinIp: "Too many sign-in attempts from your network.",
  signupIp: "Too many sign-ups from your network.",
  verifyIp: "Too many codes tried from your network.",
  verifyAccount: "Too many codes tried for this e-mail.",
  sendCodeAccount: "We sent a code to this e-mail a moment ago.",
  sendCodeIp: "Too many codes requested from your network.",
  forgotIp: "Too many password resets requested from your network.",
  changePasswordAccount: "Too many password changes tried.",
} as const;

/** What a page that failed shows (the web app's error boundary), and a section whose data did not load. */
export const pageMessages = {
  notFound: "Page not found",
  notFoundDetail: "The page you are looking for does not exist.",
  notFoundTitle: "Page not found | Storefront",
  refused: "This request could not be handled",
  failed: "Something went wrong",
  tryAgain: "Please try again in a moment.",
  productsNotLoaded: "These products could not be loaded. Please try again in a moment.",
  /** An archived product's page (410). */
  productGoneDetail: "It has been taken out of the shop. Orders you placed with it still show it under My Orders.",
  productGoneTitle: "No longer available | Storefront",
} as const;

/** What the HTTP edge answers a request it refuses before any route, or one that failed on our side. */
export const requestMessages = {
  /** The API's 500: never the internals. */
  serverFailed: "Something went wrong on our side. Please try again.",
  busy: "The shop is busy, try again shortly.",
  crossSite: "This request came from another site and was refused. Reload the shop's page and try again.",
  invalid: "Invalid request",
  methodNotServed: (method: string) => `The method ${method} is not served here.`,
  badHost: "The request's Host header is not a valid host name.",
  compressedBody: "Compressed request bodies are not accepted; send the body uncompressed.",
  bodyTooLarge: "The request body is too large.",
  notJson: "This content type is not accepted here; send JSON.",
  emptyJson: "The request body is empty; send a JSON object.",
  invalidJson: "The request body is not valid JSON.",
  noApiRoute: (method: string, path: string) => `No API route ${method} ${path}`,
  formTooLarge: "The form is too large.",
  checkForm: "Please check the form",
  formUnsupportedType:
    "This page takes a form (application/x-www-form-urlencoded or multipart/form-data), not this content type.",
  formNoBoundary: "This multipart form names no boundary, so its fields cannot be read.",
  formMalformed: "This form could not be read: its body does not match its content type.",
  /** `/readyz` while the database does not answer (the load balancer's and the operator's reading). */
  databaseDown: "The database does not answer",
} as const;

/** `/download/{file}`: a picture's name or width that is not one of ours. */
export const downloadMessages = {
  invalidName: "Invalid file name",
  notFound: "File not found",
  width: (widths: readonly number[]) => `Image width must be one of ${widths.join(", ")}`,
} as const;

/** The accounts service's refusals (sign-in, codes, passwords, Google). */
export const accountErrors = {
  badCredentials: "Invalid email or password.",
  notVerified: "Your e-mail is not verified yet. Verify it with the code we e-mail you, then sign in.",
  emailTaken: "An account with this e-mail already exists. Please sign in, or use Forgot Password.",
  wrongCode: "The code is wrong or has expired. Check the latest e-mail we sent, or ask for a new code.",
  deadCode: "Too many wrong codes. Please ask for a new code.",
  resetExpired: "Your password reset has expired or was already used. Please ask for a new code with Forgot Password.",
  resetNeedsCode: "Please verify the code we e-mailed you before choosing a new password.",
  oldPasswordWrong: "The old password is not correct.",
  noPassword: "This account signs in with Google and has no password yet. Use Forgot Password to set one.",
  googleNoToken: "Google sign-in did not finish: the ID token Google returned (credential) is missing. Please try again.",
  googleEmailUnverified: "Your Google account's e-mail is not verified, so it cannot be used to sign in here.",
  noAccount: "This account does not exist.",
  mailFailed: "We could not send the e-mail right now. Please try again in a few minutes.",
  commonPassword: "This password is one of the most common passwords and easy to guess. Please choose another one.",
} as const;
