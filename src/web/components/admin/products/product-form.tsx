import { paiseToRupees } from "#shared/money.ts";
import { type Choice, SelectField, TextField } from "../catalog/fields.tsx";
import { adminInput } from "../ui.tsx";

// The product form of /admin/products/new and /admin/products/:id: every field the storefront shows, SKU and tax rate,
// each error beside its field (aria-describedby); what was typed comes back after a refused save.

export type ProductFieldErrors = Partial<Record<string, string>>;
/** The form's values as text (a refused save's, or the product's). */
export type ProductFormValues = Partial<Record<string, string | string[]>>;

const label = "block text-sm font-medium text-gray-700";

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span id={`${id}-error`} className="mt-1 block text-sm font-normal text-red-800">
      {error}
    </span>
  ) : null;
}

const text = (values: ProductFormValues, name: string) => {
  const value = values[name];
  return typeof value === "string" ? value : "";
};

export function ProductFields({
  values,
  errors,
  categories,
  countries,
}: {
  values: ProductFormValues;
  errors: ProductFieldErrors;
  categories: { id: string; name: string; children: { id: string; name: string }[] }[];
  countries: readonly { iso2: string; country: string }[];
}) {
  const tops: Choice[] = categories.map((top) => ({ value: top.id, label: top.name }));
  const subs: Choice[] = categories.flatMap((top) =>
    top.children.map((child) => ({ value: child.id, label: child.name, group: top.name })),
  );
  const chosenCountries = new Set(Array.isArray(values.locations) ? values.locations : []);
  const field = (name: string, labelText: string, extra: { hint?: string; required?: boolean; maxLength?: number } = {}) => (
    <TextField
      id={name}
      name={name}
      label={labelText}
      defaultValue={text(values, name)}
      error={errors[name]}
      hint={extra.hint}
      required={extra.required}
      maxLength={extra.maxLength}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field("name", "Name", { required: true, maxLength: 200 })}
      {field("brand", "Brand", { maxLength: 100 })}
      <label htmlFor="description" className={`${label} sm:col-span-2`}>
        Description
        <textarea
          id="description"
          name="description"
          rows={5}
          maxLength={5000}
          defaultValue={text(values, "description")}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "description-error" : undefined}
          className={`${adminInput} mt-1`}
        />
        <ErrorText id="description" error={errors.description} />
      </label>
      {field("price", "Price (Rs, tax included)", { required: true })}
      {field("oldPrice", "Old price (Rs, optional)", { hint: "More than the price: the discount is worked out from both." })}
      <SelectField
        id="catId"
        name="catId"
        label="Category"
        choices={tops}
        defaultValue={text(values, "catId")}
        error={errors.catId}
        empty="Choose a category"
      />
      <SelectField
        id="subCatId"
        name="subCatId"
        label="Sub-category"
        choices={subs}
        defaultValue={text(values, "subCatId")}
        error={errors.subCatId}
        empty="None"
      />
      {field("productRam", "RAM options", { hint: "Separated by commas, e.g. 4GB, 8GB." })}
      {field("size", "Size options", { hint: "Separated by commas, e.g. S, M, L." })}
      {field("productWeight", "Weight options", { hint: "Separated by commas, e.g. 500g, 1kg." })}
      {field("countInStock", "Stock", { required: true })}
      {field("sku", "SKU", { required: true, maxLength: 64, hint: "Unique: letters, digits, - _ and ." })}
      {field("taxRate", "Tax rate (%)", { hint: "Up to 2 decimals; prices stay tax-inclusive." })}
      {field("hsnCode", "HSN code (optional)", { maxLength: 8, hint: "4, 6 or 8 digits, printed on tax invoices." })}
      <label htmlFor="locations" className={label}>
        Countries where sold
        <select
          id="locations"
          name="locations"
          multiple
          size={8}
          defaultValue={[...chosenCountries]}
          aria-invalid={errors.locations ? true : undefined}
          aria-describedby={`locations-hint${errors.locations ? " locations-error" : ""}`}
          className={`${adminInput} mt-1`}
        >
          {countries.map((entry) => (
            <option key={entry.iso2} value={entry.country}>
              {entry.country}
            </option>
          ))}
        </select>
        <span id="locations-hint" className="mt-1 block text-xs font-normal text-gray-600">
          Hold Ctrl (or ⌘) to choose several.
        </span>
        <ErrorText id="locations" error={errors.locations} />
      </label>
      <div className="flex items-start gap-2 self-center">
        <input
          id="isFeatured"
          name="isFeatured"
          type="checkbox"
          defaultChecked={text(values, "isFeatured") === "on"}
          className="mt-1 h-4 w-4"
        />
        <label htmlFor="isFeatured" className={label}>
          Featured on the home page
        </label>
      </div>
      <TextField id="reason" name="reason" label="Reason (optional, kept in the history)" error={errors.reason} maxLength={500} />
    </div>
  );
}

/** A product's values as the form shows them (rupees, per cent, comma-separated options). */
export function valuesOfProduct(product: {
  name: string;
  brand: string;
  description: string;
  pricePaise: number;
  oldPricePaise: number | null;
  catId: string;
  subCatId: string | null;
  productRam: string[];
  size: string[];
  productWeight: string[];
  countInStock: number;
  isFeatured: boolean;
  locations: string[];
  sku: string;
  taxRateBasisPoints: number;
  hsnCode: string;
}): ProductFormValues {
  return {
    name: product.name,
    brand: product.brand,
    description: product.description,
    price: String(paiseToRupees(product.pricePaise)),
    oldPrice: product.oldPricePaise === null ? "" : String(paiseToRupees(product.oldPricePaise)),
    catId: product.catId,
    subCatId: product.subCatId ?? "",
    productRam: product.productRam.join(", "),
    size: product.size.join(", "),
    productWeight: product.productWeight.join(", "),
    countInStock: String(product.countInStock),
    isFeatured: product.isFeatured ? "on" : "",
    locations: product.locations,
    sku: product.sku,
    taxRate: String(product.taxRateBasisPoints / 100),
    hsnCode: product.hsnCode,
  };
}
