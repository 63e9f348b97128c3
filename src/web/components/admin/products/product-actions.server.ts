import { type FieldErrors, type ProductInput, parseProductInput } from "#shared/schemas/back-office-products.ts";
import { attempt, failure } from "../../../lib/actions.server.ts";
import type { ProductFormValues } from "./product-form.tsx";

/** What a refused product save answers: a message per field, and what was typed so the form keeps it. */
export interface ProductFailureExtra {
  intent: string;
  fieldErrors: FieldErrors;
  values?: ProductFormValues;
  later?: { eventId: string };
}

/** The posted form as the schema reads it: text fields as they are, the countries chosen as a list. */
export function postedProductValues(form: FormData): ProductFormValues {
  const values: ProductFormValues = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "locations") values[name] = value;
  values.locations = form.getAll("locations").filter((value): value is string => typeof value === "string");
  return values;
}

export function parsedProduct(values: ProductFormValues, intent: string) {
  const parsed = parseProductInput(values);
  if (parsed.ok) return { ok: true as const, value: parsed.value };
  return { ok: false as const, response: fieldFailure(parsed.fieldErrors, intent, values) };
}

function fieldFailure(fieldErrors: FieldErrors, intent: string, values?: ProductFormValues) {
  const message = Object.values(fieldErrors)[0] ?? "";
  return failure<ProductFailureExtra>(message, 400, { intent, fieldErrors, ...(values ? { values } : {}) });
}

/**
 * A service call; its refused fields (details.fieldErrors) go beside their inputs, anything else heads the page. A
 * revert refused for later changes (details.later) offers to confirm `laterOf`.
 */
export function runProduct<T>(work: () => Promise<T>, intent: string, values?: ProductFormValues, laterOf?: string) {
  return attempt<T, ProductFailureExtra>(work, (error) => ({
    intent,
    fieldErrors: (error.details?.fieldErrors as FieldErrors | undefined) ?? {},
    ...(values ? { values } : {}),
    ...(laterOf && error.details?.later ? { later: { eventId: laterOf } } : {}),
  }));
}

export type { ProductInput };
