// A shopper's standing and personal data (issue 34, item 3): a blocked account, the data export and erasure on request.

export const accountDataMessages = {
  blocked: "This account has been blocked. Please contact the shop.",
  exportLink: "Download my data",
  exportLead: "Everything the shop holds about you (profile, orders, reviews, My List, cart, sessions) as one JSON file.",
  eraseTitle: "Erase my account",
  eraseLead:
    "Your name, e-mail, phone, photos, reviews' name, My List and cart are removed for good and you are signed out. Orders stay for the accounts, with your name and address replaced.",
  eraseConfirmLabel: "Type ERASE to confirm",
  eraseConfirmMismatch: "Type ERASE in capitals to confirm.",
  erasePasswordWrong: "That password is not right: nothing was erased.",
  eraseCodeSent: (email: string) => `We e-mailed a code to ${email}. Enter it to erase your account.`,
  eraseCodeWrong: "That code is not right or has expired: nothing was erased.",
  eraseNeedsPassword: "Enter your password to erase your account.",
  eraseNeedsCode: "Your account signs in with Google: ask for a code by e-mail, then enter it.",
  erased: "Your account was erased. Thank you for shopping with us.",
  staffCannotErase: "A back-office account cannot be erased: the owner must remove its role first.",
  eraseCodeLimit: "Too many tries to erase this account. Please wait before trying again.",
} as const;
