// Staff invitations (issue 34, item 6) and the original client's purchase by payment id (item 7); decision 039.

export const staffInviteMessages = {
  alreadyHasRole: (email: string, role: string) =>
    `${email} is already ${role === "owner" ? "an owner" : "staff"}: change the role in the list instead.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  resent: (email: string) => `A new code was sent to ${email}; the earlier one no longer works.`,
  revoked: (email: string) => `The invitation of ${email} is revoked.`,
  mailFailed: (email: string) =>
    `The invitation of ${email} is saved but its e-mail could not be sent. Try "Send again" in a few minutes.`,
  notFound: "That invitation does not exist any more.",
  notPending: "That invitation was already accepted or revoked.",
  roleChanged: (email: string, role: string) => `${email}: ${role === "none" ? "no back-office role" : role}.`,
  intentInvalid: "Choose what to do: invite, send again, revoke or change a role.",
  joinTitle: "Join the shop's team",
  joinLead: "Enter the 6-digit code from your invitation e-mail to get your back-office role.",
  joinButton: "Join",
  codeShape: "Enter the 6 digits of the code.",
  noInvite: (email: string) =>
    `There is no invitation for ${email}. Sign in with the address the invitation was sent to, or ask the owner for one.`,
  inviteExpired: "This invitation has expired. Ask the owner to send it again.",
  inviteRevoked: "This invitation was revoked by the owner.",
  inviteUsed: "This invitation was already used.",
  tooManyAttempts: "Too many wrong codes for this invitation. Ask the owner to send it again.",
  wrongCode: (left: number) =>
    left === 1 ? "That code is not right. 1 try left." : `That code is not right. ${left} tries left.`,
  needsVerified: "Verify your e-mail address first: the invitation is for a verified account.",
  joined: (role: string) => `Welcome: you are now ${role === "owner" ? "an owner" : "staff"} of the shop.`,
} as const;

export const clientPurchaseMessages = {
  needsRazorpay:
    "The original client needs Razorpay: with the test provider, check out with POST /api/orders/checkout and pay with the widget's signed fields.",
  providerDown: "Razorpay is not answering: no order was made yet. Send the same payment again shortly.",
  paymentUnknown: "Razorpay does not know that payment: no order was made.",
  paymentNotPaid: "That payment did not go through (it is not captured or authorised): no order was made.",
  paymentCurrency: (currency: string) => `That payment is in ${currency}, not INR: no order was made.`,
  paymentOfOrder:
    "That payment belongs to a checkout of the shop's own pages: finish it there. No order was made from this request.",
  paymentUsed: "That payment was already used for an order: no new order was made.",
  amountMismatch: (paid: string, total: string) =>
    `The payment (${paid}) is not your cart's total at today's prices (${total}): no order was made. If your card was charged, contact the shop for a refund.`,
  pricesChangedRefunded:
    "A price in your cart changed while the order was being made: no order was made and your payment is being refunded.",
  soldOutRefunded: (title: string) =>
    `Sorry, "${title}" sold out before the order could be made: no order was made and your payment is being refunded.`,
  soldOutUncaptured: (title: string) =>
    `Sorry, "${title}" sold out before the order could be made: no order was made and your payment was not taken.`,
} as const;
