// Every sentence of the back office (/admin and /api/admin), written once; the storefront's are in messages.ts.

export const backOfficeMessages = {
  confirmPasswordTitle: "Confirm your password",
  confirmPasswordLead: "For your security, give your password again to continue in the back office.",
  reasonTooLong: "Please keep the reason under 500 characters.",
  roleInvalid: "Choose a role: owner, staff or none.",
  passwordRequired: "Please enter your password.",
  idleTimedOut: "Your back-office session was idle for a while. Confirm your password to continue.",
  reauthNeeded: "This change needs your password again: confirm it, then repeat the change.",
  noPasswordToConfirm: "Your account signs in with Google and has no password: confirm with Google instead.",
  googleNotThisAccount: "That Google account is not the one this account signs in with.",
  googleTokenStale: "That Google sign-in is too old to confirm with. Please try again.",
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

/** The back office's products and pictures (issue 33, item 3). */
export const productAdminMessages = {
  nameBlank: "Please enter the product's name.",
  priceMoreThanOld: "The old price must be more than the price (the discount is worked out from them).",
  twoDecimals: (name: string) => `${name} can have at most 2 decimals`,
  skuBlank: "Please enter a SKU.",
  hsnShape: "An HSN code is 4, 6 or 8 digits (or leave it empty).",
  skuShape: "A SKU is 1 to 64 letters, digits, dashes, underscores or dots.",
  skuTaken: (sku: string) => `Another product already has the SKU ${sku}.`,
  categoryNotTop: "Choose a top-level category.",
  subCategoryNotChild: "Choose a sub-category of the chosen category.",
  unknownCountry: (name: string) => `${name} is not a country the shop knows.`,
  optionTooLong: "Each option must be at most 40 characters.",
  tooManyOptions: "At most 30 options.",
  pictureUnknown: (file: string) => `There is no picture ${file} in the picture library.`,
  tooManyPictures: "A product can have at most 12 pictures.",
  altTooLong: "Alt text must be at most 200 characters.",
  stale:
    "Someone changed this product after you opened it: nothing was saved. Open it again to see their change, then repeat yours.",
  fixFields: "Please correct the fields marked below.",
  saved: "Saved.",
  created: "Product created.",
  archived: "Archived: the product has left the shop. Past orders keep it.",
  unarchived: "The product is back in the shop.",
  deleted: "Product deleted.",
  alreadyArchived: "This product is already archived.",
  notArchived: "This product is not archived.",
  orderedCannotDelete: "This product was ordered, so it cannot be deleted (past orders name it): archive it instead.",
  picturesAdded: (count: number) => (count === 1 ? "1 picture added." : `${count} pictures added.`),
  picturesUploaded: (count: number) => (count === 1 ? "1 picture uploaded." : `${count} pictures uploaded.`),
  noPicturesChosen: "Choose one or more pictures (JPEG, PNG or WebP).",
  pictureDeleted: (file: string) => `Picture ${file} deleted.`,
  pictureNotInLibrary: "That picture is not in the picture library (perhaps it was deleted already).",
  pictureInUse: (uses: string) => `This picture is still used by ${uses}: remove it from them first.`,
  tooManyFiles: (max: number) => `Upload at most ${max} pictures at once.`,
  pictureNotOnProduct: "That picture is not on this product any more.",
  revertNotPossible: "This change cannot be reverted from here.",
  revertOtherProduct: "That history entry belongs to another product.",
  revertLater: (changes: string) =>
    `Later changes touched the same fields (${changes}); reverting would overwrite them. Confirm to revert anyway.`,
  reverted: "Reverted. The revert is recorded in the history.",
  revertNothing: "The product already has these values: nothing to revert.",
  cursorInvalid: "This page link is not valid any more: start again from the first page.",
} as const;

/** Categories and banners in the back office (issue 33, item 4). */
export const catalogAdminMessages = {
  revertNothing: "It already has these values: nothing to revert.",
  revertOtherEntry: "That history entry belongs to something else.",
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

/** Bulk edits, the catalogue's CSV import and export (issue 33, items 5 and 6). */
export const catalogBulkMessages = {
  nothingChosen: "Choose products in the list first, or edit all that match the filter.",
  tooManyChosen: (max: number) => `Choose at most ${max} products at once, or edit all that match the filter.`,
  noChange: "Choose at least one change to make.",
  priceModeInvalid: "Choose how to change the price: set, add or subtract rupees, or a percentage.",
  priceBelowOne: (name: string, rupees: string) =>
    `${name} would cost ${rupees}: a price must be at least ₹1. Choose a smaller decrease or leave that product out.`,
  percentRange: "Give a percentage between -90 and 1000.",
  matchChanged: (before: number, now: number) =>
    `The products to change are not the ones you previewed (${before} then, ${now} now): preview again.`,
  noneMatch: "No products match: nothing to change.",
  applied: (count: number) => (count === 1 ? "1 product changed." : `${count} products changed.`),
  chosen: (count: number) => (count === 1 ? "1 product chosen." : `${count} products chosen.`),
  matching: (count: number) => (count === 1 ? "1 product matches the filter." : `${count} products match the filter.`),
  willChange: (count: number) =>
    count === 1
      ? "1 product will change. Nothing is saved until you apply."
      : `${count} products will change. Nothing is saved until you apply.`,
  examplesNote: (shown: number, count: number) => `The first ${shown} of ${count}, before → after:`,
  importHeaderMissing: (columns: string) => `These columns are missing: ${columns}. Export the catalogue to see the format.`,
  importHeaderUnknown: (column: string) => `The column ${column} is not one the shop knows: remove or rename it.`,
  importHeaderRepeated: (column: string) => `The column ${column} appears twice.`,
  importEmpty: "The file has no products. Export the catalogue to see the format.",
  importMalformed: (reason: string) =>
    `The file is not valid CSV here (${reason}). Check the quotes in this row: a quote inside a cell is written twice.`,
  importTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB: split it into smaller files.`,
  importNotCsv: "Send the file as CSV (text/csv), as the export writes it.",
  importNoFile: "Choose a CSV file to import.",
  importSkuRepeated: (sku: string, line: number) => `The SKU ${sku} is also on line ${line}: each product once per file.`,
  importCategoryUnknown: (name: string) => `There is no top-level category called ${name}. Create it first or fix the name.`,
  importCategoryAmbiguous: (name: string) =>
    `Several top-level categories are called ${name}: rename one so the file can name it.`,
  importSubCategoryUnknown: (name: string, parent: string) => `${parent} has no sub-category called ${name}.`,
  importSubCategoryAmbiguous: (name: string, parent: string) =>
    `${parent} has several sub-categories called ${name}: rename one so the file can name it.`,
  importYesNo: (column: string) => `${column} must be true or false.`,
  importPictureUnknown: (name: string) =>
    `There is no picture ${name} in the picture library. Upload it on the Pictures page, then use the file name shown there.`,
  importAltsLonger: "There are more alt texts than pictures.",
  importBusy: "Another import is running: wait until it has finished, then try again.",
  importJobGone: "This import is not known any more (the shop restarted or it finished long ago): upload the file again.",
  importHasProblems: (count: number) =>
    count === 1 ? "1 problem found: nothing was changed." : `${count} problems found: nothing was changed.`,
  importApplied: (created: number, updated: number) => `Imported: ${created} created, ${updated} updated.`,
  importNotDryRun: "Check the file first (dry run), then apply it.",
} as const;
