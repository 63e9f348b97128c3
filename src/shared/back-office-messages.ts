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
