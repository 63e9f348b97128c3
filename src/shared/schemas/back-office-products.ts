import { z } from "zod";
import { productAdminMessages as messages } from "#shared/back-office-messages.ts";
import { isStoredImageName } from "#shared/images.ts";
import { fieldMessages } from "#shared/messages.ts";
import { rupeesToPaise } from "#shared/money.ts";
import { reasonField } from "./back-office.ts";
import { safeText } from "./text.ts";

// A product as the back office writes it, shared by /admin, /api/admin and the CSV import (one row at a time through
// parseProductInput). Rupees at the edge, paise inside (decision 003); form fields arrive as text, JSON as values.

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const present = (name: string) => z.custom<unknown>((value) => value !== undefined, { error: fieldMessages.required(name) });
const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

function decimal(name: string, { min, max }: { min: number; max: number }) {
  return z.coerce
    .number({ error: fieldMessages.notNumber(name) })
    .refine(Number.isFinite, { error: fieldMessages.notNumber(name) })
    .refine((value) => value >= min, { error: fieldMessages.atLeast(name, min), abort: true })
    .refine((value) => value <= max, { error: fieldMessages.atMost(name, max), abort: true })
    .refine(hasTwoDecimalsAtMost, { error: messages.twoDecimals(name) });
}

/** Rupees with at most 2 decimals, as paise. */
const rupees = (name: string) => decimal(name, { min: 0.01, max: 10_000_000 }).transform(rupeesToPaise);

/** A list typed as "a, b, c" in a form or sent as an array; blanks and repeats dropped. */
function optionList(name: string) {
  return z.preprocess(
    (value) =>
      value === undefined || value === null
        ? []
        : (typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : [value]).map((item) =>
            typeof item === "string" ? item.trim() : item,
          ),
    z
      .array(safeText({ name, error: fieldMessages.notText(name) }).max(40, { error: messages.optionTooLong }))
      .transform((items) => [...new Set(items.filter((item) => item !== ""))])
      .refine((items) => items.length <= 30, { error: messages.tooManyOptions }),
  );
}

const id = (name: string) => z.uuid({ error: fieldMessages.notId(name) });

export const MAX_PRODUCT_PICTURES = 12;

/** Pictures one back-office upload may carry (the library page takes many at once: the CSV import names them). */
export const CATALOG_PICTURES_PER_UPLOAD = 20;

export const productPicture = z.object({
  file: z.string().refine(isStoredImageName, { error: fieldMessages.notText("Picture file") }),
  alt: safeText({ name: "Alt text" }).trim().max(200, { error: messages.altTooLong }).default(""),
});

export const skuField = safeText({ name: "SKU", error: messages.skuBlank })
  .trim()
  .min(1, { error: messages.skuBlank })
  .max(64, { error: messages.skuShape })
  .regex(/^[A-Za-z0-9._-]+$/, { error: messages.skuShape });

/** Every field the storefront shows, plus SKU and tax rate; `images` only when the caller sets the pictures too. */
export const productInput = z
  .object({
    name: safeText({ name: "Name", error: messages.nameBlank })
      .trim()
      .min(1, { error: messages.nameBlank })
      .max(200, { error: fieldMessages.atMostCharacters("Name", 200) }),
    brand: safeText({ name: "Brand" })
      .trim()
      .max(100, { error: fieldMessages.atMostCharacters("Brand", 100) })
      .default(""),
    description: safeText({ name: "Description" })
      .trim()
      .max(5000, { error: fieldMessages.atMostCharacters("Description", 5000) })
      .default(""),
    price: z.preprocess(emptyToUndefined, present("Price").pipe(rupees("Price"))).describe("Rupees, tax included"),
    oldPrice: z
      .preprocess(emptyToUndefined, rupees("Old price").optional())
      .transform((value) => value ?? null)
      .describe("Rupees, the price before the discount; empty or null for none"),
    catId: z.preprocess(emptyToUndefined, present("Category").pipe(id("Category"))).describe("A top-level category"),
    subCatId: z
      .preprocess(emptyToUndefined, id("Sub-category").optional())
      .transform((value) => value ?? null)
      .describe("A sub-category of catId, or null"),
    productRam: optionList("RAM"),
    size: optionList("Size"),
    productWeight: optionList("Weight"),
    countInStock: z.preprocess(
      emptyToUndefined,
      present("Stock").pipe(
        z.coerce
          .number({ error: fieldMessages.notWholeNumber("Stock") })
          .int({ error: fieldMessages.notWholeNumber("Stock") })
          .min(0, { error: fieldMessages.atLeast("Stock", 0) })
          .max(1_000_000, { error: fieldMessages.atMost("Stock", 1_000_000) }),
      ),
    ),
    isFeatured: z.preprocess((value) => value === true || value === "on" || value === "true" || value === "1", z.boolean()),
    locations: z
      .preprocess(
        (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
        z.array(safeText({ name: "Country" }).trim().max(100)).max(300),
      )
      .transform((items) => [...new Set(items.filter((item) => item !== ""))])
      .describe("Country names from GET /api/locations"),
    sku: z.preprocess(
      emptyToUndefined,
      z.custom<unknown>((value) => value !== undefined, { error: messages.skuBlank }).pipe(skuField),
    ),
    taxRate: z
      .preprocess(emptyToUndefined, decimal("Tax rate", { min: 0, max: 100 }).optional())
      .transform((value) => Math.round((value ?? 18) * 100))
      .describe("Per cent, up to 2 decimals (default 18); prices stay tax-inclusive"),
    hsnCode: z
      .preprocess(
        (value) => (value === null ? "" : value),
        z
          .string({ error: messages.hsnShape })
          .trim()
          .regex(/^(\d{4}|\d{6}|\d{8})?$/, { error: messages.hsnShape })
          .optional(),
      )
      .describe("HSN code for tax invoices: 4, 6 or 8 digits, or empty; omitted on an update: unchanged"),
    images: z
      .array(productPicture)
      .max(MAX_PRODUCT_PICTURES, { error: messages.tooManyPictures })
      .optional()
      .describe("Pictures in order (files from the picture library); omitted on an update: unchanged"),
  })
  .superRefine((value, context) => {
    if (value.oldPrice !== null && value.oldPrice <= value.price) {
      context.addIssue({ code: "custom", path: ["oldPrice"], message: messages.priceMoreThanOld });
    }
  });

export type ProductInput = z.output<typeof productInput>;
export type FieldErrors = Record<string, string>;

/** The storefront's discount: whole per cent off the old price (src/db/seed/demo-products.ts). */
export function discountOf(pricePaise: number, oldPricePaise: number | null): number {
  return oldPricePaise === null || oldPricePaise <= 0 ? 0 : Math.round(((oldPricePaise - pricePaise) / oldPricePaise) * 100);
}

/** The first message per field (its top-level name), so forms and import rows show each beside its field. */
export function fieldErrorsOf(error: { issues: { path: PropertyKey[]; message: string }[] }): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** One product input (a form, a JSON body, an import row) checked on its own; the service checks the database's rules. */
export function parseProductInput(raw: unknown): { ok: true; value: ProductInput } | { ok: false; fieldErrors: FieldErrors } {
  const parsed = productInput.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}

/** An edit carries the row's `updatedAt` as it was read: a save over someone else's newer change is refused. */
export const expectedUpdatedAt = z.iso.datetime({ offset: true, error: messages.stale }).describe("updatedAt as read");

export const productUpdate = z.object({ updatedAt: expectedUpdatedAt, reason: reasonField });

export const productSorts = ["newest", "name", "price", "stock"] as const;
export type ProductSort = (typeof productSorts)[number];

const flag = z
  .preprocess((value) => value === "1" || value === "true" || value === true, z.boolean())
  .optional()
  .catch(undefined);

/** A back-office product list: search, filters, sort and a keyset cursor (`after` or `before`, opaque). */
export const productListQuery = z.object({
  q: safeText().trim().max(200).optional().catch(undefined),
  catId: z.preprocess(emptyToUndefined, z.uuid().optional()).catch(undefined),
  inStock: flag,
  onSale: flag,
  archived: z.enum(["active", "archived", "all"]).default("active").catch("active"),
  sort: z.enum(productSorts).default("newest").catch("newest"),
  after: z.string().max(400).optional().catch(undefined),
  before: z.string().max(400).optional().catch(undefined),
  perPage: z.coerce.number().int().min(1).max(100).default(50).catch(50),
});
export type ProductListQuery = z.output<typeof productListQuery>;

/** A price history entry: an audit event whose price or old price (paise) differs before and after. */
export function isPriceChange(event: { before: unknown; after: unknown }): boolean {
  const before = (event.before ?? {}) as { pricePaise?: number; oldPricePaise?: number | null };
  const after = (event.after ?? {}) as { pricePaise?: number; oldPricePaise?: number | null };
  const touched = ["pricePaise", "oldPricePaise"].some((field) => field in before || field in after);
  return touched && (before.pricePaise !== after.pricePaise || before.oldPricePaise !== after.oldPricePaise);
}
