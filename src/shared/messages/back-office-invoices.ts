// The sentences of shop settings, tax invoices and packing slips (issue 34, item 2).

export const shopSettingsMessages = {
  saved: "Settings saved.",
  shopNameBlank: "Please enter the shop's name.",
  shopNameTooLong: "Please keep the shop's name under 100 characters.",
  addressTooLong: "Please keep the address under 500 characters.",
  stateInvalid: "Choose the state or union territory the shop is registered in.",
  gstinShape:
    "A GSTIN is 15 characters: 2 digits of the state code, the 10 characters of the PAN, the entity number, Z and a check character.",
  gstinCheck: "This GSTIN's last character does not match: check it for a typing mistake.",
  gstinState: (state: string, code: string) => `A GSTIN registered in ${state} starts with ${code}.`,
  thresholdInvalid: "The low-stock threshold is a whole number, 0 or more.",
} as const;

export const invoiceMessages = {
  orderNotFound: "Order not found.",
  notInvoiceable: (status: string) =>
    `An invoice is issued only once the shop holds the order's money: this order is ${status.replace("_", " ")}, so it has no invoice.`,
  notPackable: (status: string) =>
    `A packing slip is for an order the shop holds the money of: this order is ${status.replace("_", " ")}.`,
  rateNotRecorded: "Rate not recorded (ordered before the shop kept tax rates)",
  roundingNote:
    "Prices include GST. The tax in each line is price × rate ÷ (1 + rate), rounded to the nearest paisa (halves up); with CGST and SGST, CGST takes the odd paisa.",
  noSettings: "Set the shop's name, address and state in Settings before printing invoices.",
} as const;
