// Every sentence of the back office (/admin and /api/admin), written once; the storefront's are in messages.ts.

export const backOfficeMessages = {
  confirmPasswordTitle: "Confirm your password",
  confirmPasswordLead: "For your security, give your password again to continue in the back office.",
  reasonTooLong: "Please keep the reason under 500 characters.",
  roleInvalid: "Choose a role: owner, staff or none.",
  passwordRequired: "Please enter your password.",
  idleTimedOut: "Your back-office session was idle for a while. Confirm your password to continue.",
  reauthNeeded: "This change needs your password again: confirm it, then repeat the change.",
  noPasswordToConfirm:
    "Your account signs in with Google and has no password. Set one with Forgot Password to use the back office.",
  ownerOnly: "Only the shop's owner can do this.",
  claimTitle: "Become the shop's owner",
  claimLead: "This one-time link makes your account the owner of this shop, with every right in the back office.",
  claimButton: "Make me the owner",
  claimDone: "You are now the shop's owner.",
  claimInvalid: "This link is not valid any more: it was used, it expired, or the shop already has an owner.",
  claimNeedsVerified: "Verify your e-mail address before you become the owner.",
  noSuchAccount: (email: string) => `No account uses ${email}. The person must sign up first.`,
  notVerified: (email: string) => `${email} has not verified its e-mail address yet.`,
  lastOwner: "The shop must keep at least one owner: make someone else owner first.",
} as const;

/** Categories and banners in the back office (issue 33, item 4). */
export const catalogAdminMessages = {
  categoryNameBlank: "Please enter the category's name.",
  categoryNameTooLong: "Please keep the name under 60 characters.",
  colorInvalid: "Choose a colour as #rrggbb, e.g. #f3f4f6.",
  pictureInvalid: "Give the file name of a picture in the picture library, e.g. cat-phones.webp.",
  pictureMissing: (name: string) => `No picture called ${name} is stored. Upload it to the picture library first.`,
  idInvalid: "Choose a category from the list.",
  parentNotFound: "The parent category does not exist any more.",
  parentNotTop: "A sub-category cannot have sub-categories of its own: choose a top-level category.",
  categoryNotFound: "That category does not exist any more.",
  deleteHasProducts: (name: string, count: number) =>
    `${name} still has ${count === 1 ? "1 product" : `${count} products`}: move ${count === 1 ? "it" : "them"} to another category first.`,
  deleteHasChildren: (name: string, count: number) =>
    `${name} still has ${count === 1 ? "1 sub-category" : `${count} sub-categories`}: delete or empty ${count === 1 ? "it" : "them"} first.`,
  moveSame: "Choose a different category to move the products to.",
  moveTargetNotFound: "The category to move the products to does not exist any more.",
  directionInvalid: "Choose up or down.",
  orderMismatch: "The list to order must name every category under the same parent, once each.",
  bannerOrderMismatch: "The list to order must name every banner of that kind, once each.",
  bannerKindInvalid: "Choose where the banner shows: carousel, row, side or bottom.",
  bannerPictureRequired: "A banner needs a picture: give its file name.",
  altTooLong: "Please keep the alt text under 200 characters.",
  linkNotFound: "The category the banner links to does not exist any more.",
  dateInvalid: "Give a date and time, e.g. 2026-12-01T10:00.",
  windowBackwards: "The end must be after the start.",
  bannerNotFound: "That banner does not exist any more.",
  movedProducts: (count: number, to: string) => `${count === 1 ? "1 product" : `${count} products`} moved to ${to}.`,
  saved: "Saved.",
  deleted: "Deleted.",
} as const;
