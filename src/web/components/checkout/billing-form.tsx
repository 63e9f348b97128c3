import { useId } from "react";
import type { BillingField, BillingValues } from "./checkout-data.ts";

const inputClass =
  "w-full rounded border border-gray-300 px-3 py-2 text-gray-900 focus:border-brand-dark focus:ring-2 focus:ring-brand-dark/30 focus:outline-none";

const fields: {
  name: BillingField;
  label: string;
  autoComplete: string;
  type?: string;
  inputMode?: "tel" | "email" | "text";
  wide?: boolean;
}[] = [
  { name: "fullName", label: "Full Name", autoComplete: "name", wide: true },
  { name: "streetAddressLine1", label: "Street address", autoComplete: "address-line1", wide: true },
  { name: "streetAddressLine2", label: "Apartment, suite, unit, etc. (optional)", autoComplete: "address-line2", wide: true },
  { name: "city", label: "Town / City", autoComplete: "address-level2" },
  { name: "state", label: "State / County", autoComplete: "address-level1" },
  { name: "zipCode", label: "Postcode / ZIP", autoComplete: "postal-code" },
  { name: "phoneNumber", label: "Phone Number", autoComplete: "tel", type: "tel", inputMode: "tel" },
  { name: "email", label: "Email Address", autoComplete: "email", type: "email", inputMode: "email", wide: true },
];

/**
 * BILLING DETAILS (spec §2 Checkout). Nothing is `required` in HTML: the server checks the fields in the spec's order,
 * so the shopper sees the same messages with or without scripts.
 */
export function BillingFields({
  values,
  countries,
  errorId,
}: {
  values: BillingValues;
  countries: string[];
  errorId?: string | undefined;
}) {
  const id = useId();
  const [fullName, ...rest] = fields;
  const field = (spec: (typeof fields)[number]) => (
    <div key={spec.name} className={spec.wide ? "sm:col-span-2" : ""}>
      <label htmlFor={`${id}-${spec.name}`} className="mb-1 block text-sm font-medium text-gray-700">
        {spec.label}
      </label>
      <input
        id={`${id}-${spec.name}`}
        name={spec.name}
        type={spec.type ?? "text"}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
        defaultValue={values[spec.name]}
        aria-describedby={errorId}
        className={inputClass}
      />
    </div>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fullName ? field(fullName) : null}
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-country`} className="mb-1 block text-sm font-medium text-gray-700">
          Country
        </label>
        <select
          id={`${id}-country`}
          name="country"
          autoComplete="country-name"
          defaultValue={values.country}
          aria-describedby={errorId}
          className={inputClass}
        >
          <option value="">Select a country</option>
          {countries.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </select>
      </div>
      {rest.map(field)}
    </div>
  );
}
