// Review moderation's sentences (issue 34, item 4): the back office's queue, and the shopper's "report this review".

export const reviewModerationMessages = {
  reasonRequired: "Please say why the review is hidden (the audit trail keeps it).",
  notFound: "There is no such review.",
  alreadyHidden: "This review is already hidden.",
  notHidden: "This review is not hidden.",
  hidden: "Review hidden: it has left the product page, its rating and its review count.",
  unhidden: "Review shown again: it is back on the product page, in its rating and its review count.",
  cursorInvalid: "That page link is not valid any more: start again from the first page.",
} as const;

/** The product page's and the API's "report this review" (signed in, once per review, not one's own). */
export const reviewReportMessages = {
  signInFirst: "Please sign in to report a review.",
  reported: "Thank you: the shop will look at this review.",
  already: "You have already reported this review.",
  own: "You cannot report your own review.",
  notFound: "This review is not there any more.",
  reasonTooLong: "Please keep the reason under 500 characters.",
  savedHidden: "Your review has been updated. The shop has hidden it, so only you can see it.",
} as const;

/** Shown to the author alone, on their own review the shop hid (apart, so the product page's script carries no more). */
export const hiddenOwnReviewMessage = "Hidden by the shop: only you can see this review.";
