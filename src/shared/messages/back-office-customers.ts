// The back office's customers (issue 34, item 3): list, customer page, block, export, erase.

export const customerAdminMessages = {
  notFound: "There is no such customer.",
  cursorInvalid: "That page link is not valid any more: start again from the first page.",
  searchTooLong: "Please search with at most 100 characters.",
  reasonRequired: "Please give a reason (the customer may ask why).",
  reasonTooLong: "Please keep the reason under 500 characters.",
  staffCannotBeBlocked: "This is a back-office account: remove its role on the Staff page before blocking or erasing it.",
  alreadyBlocked: "This customer is already blocked.",
  notBlocked: "This customer is not blocked.",
  alreadyErased: "This customer's data was already erased.",
  erasedCannotBlock: "This customer's data was erased: there is nothing to block.",
  confirmErase: "Type ERASE to confirm.",
  blocked: "Blocked: their sessions ended, and they cannot sign in or sign up with this e-mail.",
  unblocked: "Unblocked: they can sign in again.",
  erased: "Erased: personal data removed; orders kept with anonymised details.",
  erasedName: "Erased customer",
  formerCustomer: "A former customer",
} as const;
