import { z } from "zod";
import { catalogBulkMessages as messages } from "#shared/back-office-messages.ts";
import { fieldMessages } from "#shared/messages.ts";
import { rupeesToPaise } from "#shared/money.ts";
import { reasonField } from "./back-office.ts";
import { productListQuery } from "./back-office-products.ts";

// Bulk edits and the CSV export, shared by /admin and /api/admin (issue 33, items 5 and 6; decision 033).

/** The largest import file: 100,000 rows with long descriptions fit (decision 033). */
export const IMPORT_MAX_BYTES = 128 * 1024 * 1024;

/** Products one explicit selection may name (the list's pages); "all that match the filter" has no limit. */
export const MAX_BULK_IDS = 1000;

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

/** The list's filter without paging or sort; the export's default is every product, archived ones too. */
export const productFilterQuery = productListQuery.pick({ q: true, catId: true, inStock: true, onSale: true }).extend({
  archived: z.enum(["active", "archived", "all"]).default("active").catch("active"),
});
export const exportQuery = productFilterQuery.extend({
  archived: z.enum(["active", "archived", "all"]).default("all").catch("all"),
});

/** Which products: ids picked in the list, or every product matching the list's filter (`all`). */
export const bulkTarget = z.union([
  z.object({
    ids: z
      .array(z.uuid({ error: messages.nothingChosen }))
      .min(1, { error: messages.nothingChosen })
      .max(MAX_BULK_IDS, { error: messages.tooManyChosen(MAX_BULK_IDS) })
      .transform((ids) => [...new Set(ids)]),
  }),
  z.object({ all: z.literal(true), filter: productFilterQuery }),
]);
export type BulkTarget = z.output<typeof bulkTarget>;

const percent = z.coerce
  .number({ error: fieldMessages.notNumber("Percentage") })
  .refine(Number.isFinite, { error: fieldMessages.notNumber("Percentage") })
  .refine((value) => value >= -90 && value <= 1000, { error: messages.percentRange });
const rupees = (name: string) =>
  z.coerce
    .number({ error: fieldMessages.notNumber(name) })
    .refine(Number.isFinite, { error: fieldMessages.notNumber(name) })
    .refine((value) => Math.abs(value) <= 10_000_000, { error: fieldMessages.atMost(name, 10_000_000) })
    .transform(rupeesToPaise);

/** Each change is optional; a price change is set, add (±rupees) or percent (±), always rounded to the rupee. */
export const bulkChange = z
  .object({
    price: z
      .discriminatedUnion(
        "mode",
        [
          z.object({ mode: z.literal("set"), rupees: rupees("Price").describe("Paise inside; rupees here") }),
          z.object({ mode: z.literal("add"), rupees: rupees("Amount") }),
          z.object({ mode: z.literal("percent"), percent }),
        ],
        { error: messages.priceModeInvalid },
      )
      .optional(),
    countInStock: z.coerce
      .number({ error: fieldMessages.notWholeNumber("Stock") })
      .int({ error: fieldMessages.notWholeNumber("Stock") })
      .min(0, { error: fieldMessages.atLeast("Stock", 0) })
      .max(1_000_000, { error: fieldMessages.atMost("Stock", 1_000_000) })
      .optional(),
    category: z
      .object({
        catId: z.uuid({ error: fieldMessages.notId("Category") }),
        subCatId: z.preprocess(
          blank,
          z
            .uuid({ error: fieldMessages.notId("Sub-category") })
            .nullable()
            .default(null),
        ),
      })
      .optional(),
    isFeatured: z.boolean().optional(),
    archived: z.boolean().optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), { error: messages.noChange });
export type BulkChange = z.output<typeof bulkChange>;

export const bulkRequest = z.object({ target: bulkTarget, change: bulkChange });

/** An apply names the count its preview showed: a different count now is refused (the matching products moved). */
export const bulkApplyRequest = bulkRequest.extend({
  expectedCount: z.number().int().min(0).describe("`count` of the preview"),
  reason: reasonField,
});

/** The bulk form's fields (pages): each change is on only when its box is ticked. */
export function bulkChangeFromForm(form: (name: string) => string): unknown {
  const change: Record<string, unknown> = {};
  const mode = form("priceMode");
  if (mode === "set" || mode === "add") change.price = { mode, rupees: form("priceValue") };
  if (mode === "subtract") change.price = { mode: "add", rupees: `-${form("priceValue")}` };
  if (mode === "percent") change.price = { mode, percent: form("priceValue") };
  if (mode === "percentDown") change.price = { mode: "percent", percent: `-${form("priceValue")}` };
  if (form("stockOn") === "1") change.countInStock = blank(form("stock"));
  if (form("categoryOn") === "1") {
    // One select: "<top id>" or "<top id>/<sub-category id>".
    const [catId = "", subCatId = ""] = form("category").split("/");
    change.category = { catId, subCatId };
  }
  if (form("featured") === "on" || form("featured") === "off") change.isFeatured = form("featured") === "on";
  if (form("archived") === "on" || form("archived") === "off") change.archived = form("archived") === "on";
  return change;
}
