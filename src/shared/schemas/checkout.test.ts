import { describe, expect, it } from "vitest";
import { checkoutMessages, fieldMessages } from "#shared/messages.ts";
import { firstError } from "./accounts.ts";
import { billingForm } from "./checkout.ts";

const complete = {
  fullName: "Asha Menon",
  country: "India",
  streetAddressLine1: "12 MG Road",
  streetAddressLine2: "",
  city: "Bengaluru",
  state: "Karnataka",
  zipCode: "560001",
  phoneNumber: "98765 43210",
  email: "Asha@Example.com",
};

const messageFor = (values: Record<string, unknown>) => {
  const parsed = billingForm.safeParse(values);
  return parsed.success ? undefined : firstError(parsed.error);
};

describe("billingForm", () => {
  it("asks for the fields one by one in the spec's order", () => {
    const order = [
      ["fullName", checkoutMessages.fullName],
      ["country", checkoutMessages.country],
      ["streetAddressLine1", checkoutMessages.streetAddress],
      ["city", checkoutMessages.city],
      ["state", checkoutMessages.state],
      ["zipCode", checkoutMessages.zipCode],
      ["phoneNumber", checkoutMessages.phoneNumber],
      ["email", checkoutMessages.email],
    ] as const;
    const values: Record<string, unknown> = Object.fromEntries(Object.keys(complete).map((key) => [key, "  "]));
    for (const [field, message] of order) {
      expect(messageFor(values)).toBe(message);
      values[field] = complete[field];
    }
    expect(messageFor(values)).toBeUndefined();
  });

  it("leaves street address line 2 optional (decision 016) and keeps it when given", () => {
    const { streetAddressLine2: _, ...withoutLine2 } = complete;
    expect(billingForm.parse(withoutLine2).streetAddressLine2).toBe("");
    expect(billingForm.parse({ ...complete, streetAddressLine2: " Flat 4B " }).streetAddressLine2).toBe("Flat 4B");
  });

  it("normalises what it keeps: trimmed text, digits of the phone, a lower-case e-mail", () => {
    const parsed = billingForm.parse({ ...complete, fullName: "  Asha Menon " });
    expect(parsed).toMatchObject({ fullName: "Asha Menon", phoneNumber: "9876543210", email: "asha@example.com" });
    expect(billingForm.parse({ ...complete, phoneNumber: 9876543210 }).phoneNumber).toBe("9876543210");
    expect(billingForm.parse({ ...complete, phoneNumber: "+91 (98765) 43210" }).phoneNumber).toBe("+919876543210");
  });

  it.each([
    [{ email: "not-an-email" }, checkoutMessages.emailInvalid],
    [{ phoneNumber: "12ab" }, checkoutMessages.phoneInvalid],
    [{ zipCode: "5" }, checkoutMessages.zipCodeInvalid],
    [{ fullName: "x".repeat(101) }, fieldMessages.atMostCharacters("Full name", 100)],
    [{ city: "Bengaluru\u0000" }, "City must not contain control characters"],
    [{ state: ["Karnataka"] }, checkoutMessages.state],
  ])("refuses %o with a message a person can act on", (change, message) => {
    expect(messageFor({ ...complete, ...change })).toBe(message);
  });
});
