import { z } from "zod";
import { checkoutMessages, fieldMessages } from "#shared/messages.ts";
import { safeText } from "./text.ts";

// The billing form (spec §2, §5) of the /checkout page and `POST /api/orders/checkout`, checked in the spec's order.
// Address line 2 is optional (docs/decisions/016-checkout-address-line-2.md).

const FIELD_MAX = 200;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const required = (message: string, label: string, max = FIELD_MAX) =>
  z.preprocess(
    blankToUndefined,
    safeText({ name: label, error: message })
      .trim()
      .min(1, { error: message })
      .max(max, { error: fieldMessages.atMostCharacters(label, max) }),
  );

export const billingForm = z.object({
  fullName: required(checkoutMessages.fullName, "Full name", 100),
  /** A country name from src/domain/locations/countries.ts; the service checks it is one. */
  country: required(checkoutMessages.country, "Country", 100),
  streetAddressLine1: required(checkoutMessages.streetAddress, "Street address"),
  streetAddressLine2: z.preprocess(
    (value) => blankToUndefined(value) ?? "",
    safeText({ name: "Street address" })
      .trim()
      .max(FIELD_MAX, { error: fieldMessages.atMostCharacters("Street address", FIELD_MAX) }),
  ),
  city: required(checkoutMessages.city, "City", 100),
  state: required(checkoutMessages.state, "State", 100),
  zipCode: required(checkoutMessages.zipCode, "ZipCode", 20).pipe(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,18}[A-Za-z0-9]$/, { error: checkoutMessages.zipCodeInvalid }),
  ),
  phoneNumber: z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    required(checkoutMessages.phoneNumber, "Phone Number", 20).pipe(
      z
        .string()
        .transform((value) => value.replace(/[\s()-]/g, ""))
        .pipe(z.string().regex(/^\+?\d{6,15}$/, { error: checkoutMessages.phoneInvalid })),
    ),
  ),
  email: required(checkoutMessages.email, "Email", 254).pipe(
    z.email({ error: checkoutMessages.emailInvalid }).transform((value) => value.toLowerCase()),
  ),
});

export type BillingInput = z.output<typeof billingForm>;

export const billingFields = [
  "fullName",
  "country",
  "streetAddressLine1",
  "streetAddressLine2",
  "city",
  "state",
  "zipCode",
  "phoneNumber",
  "email",
] as const satisfies readonly (keyof BillingInput)[];
