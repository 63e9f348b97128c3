// The catalogue file's format (decision 033): its columns, how a cell is escaped and read back, lists in one cell,
// and the header's check. Pure functions: the export and import in catalog-csv.ts use them, and so do the tests.
import { catalogBulkMessages as messages } from "#shared/back-office-messages.ts";
import { paiseToRupees } from "#shared/money.ts";

export const CSV_COLUMNS = [
  "sku",
  "name",
  "brand",
  "description",
  "price",
  "oldPrice",
  "category",
  "subCategory",
  "countInStock",
  "isFeatured",
  "taxRate",
  "hsn",
  "ram",
  "size",
  "weight",
  "countries",
  "pictures",
  "pictureAlts",
  "archived",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** A column newer than files already exported: a file without it leaves the products' value as it is. */
export const OPTIONAL_COLUMNS: ReadonlySet<CsvColumn> = new Set(["hsn"]);

/** The shared product schema's field names as the file's columns, so a refused field is reported by its column. */
export const COLUMN_OF_FIELD: Record<string, CsvColumn> = {
  sku: "sku",
  name: "name",
  brand: "brand",
  description: "description",
  price: "price",
  oldPrice: "oldPrice",
  catId: "category",
  subCatId: "subCategory",
  countInStock: "countInStock",
  isFeatured: "isFeatured",
  taxRate: "taxRate",
  hsnCode: "hsn",
  productRam: "ram",
  size: "size",
  productWeight: "weight",
  locations: "countries",
  images: "pictures",
};

// A cell a spreadsheet would run as a formula gets a leading apostrophe; so does one that starts with an apostrophe,
// so the import takes exactly one off any cell starting with it and the round trip is exact (decision 033).
const FORMULA_START = /^[=+\-@\t\r']/;
export const neutralise = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const restore = (cell: string) => (cell.startsWith("'") ? cell.slice(1) : cell);

/** Lists in one cell: `|` between items, `\|` and `\\` inside one. */
export function joinList(items: readonly string[]): string {
  return items.map((item) => item.replaceAll("\\", "\\\\").replaceAll("|", "\\|")).join("|");
}
export function splitList(cell: string): string[] {
  if (cell === "") return [];
  const items: string[] = [];
  let current = "";
  for (let index = 0; index < cell.length; index++) {
    const char = cell[index];
    if (char === "\\" && index + 1 < cell.length) current += cell[++index];
    else if (char === "|") {
      items.push(current);
      current = "";
    } else current += char;
  }
  items.push(current);
  return items;
}

/** Rupees as the form takes them: whole, or with two decimals. */
export function rupeesCell(paise: number | null): string {
  if (paise === null) return "";
  return paise % 100 === 0 ? String(paise / 100) : paiseToRupees(paise).toFixed(2);
}

export function yesNo(cell: string): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (value === "true" || value === "yes" || value === "1") return true;
  if (value === "false" || value === "no" || value === "0" || value === "") return false;
  return undefined;
}

export function readHeader(
  record: string[],
  problem: (line: number, column: string, message: string) => void,
): CsvColumn[] | null {
  const names = record.map((cell) => restore(cell).trim());
  const known = new Set<string>(CSV_COLUMNS);
  let ok = true;
  const seen = new Set<string>();
  for (const name of names) {
    if (!known.has(name)) {
      problem(1, name, messages.importHeaderUnknown(name));
      ok = false;
    } else if (seen.has(name)) {
      problem(1, name, messages.importHeaderRepeated(name));
      ok = false;
    }
    seen.add(name);
  }
  const missing = CSV_COLUMNS.filter((column) => !seen.has(column) && !OPTIONAL_COLUMNS.has(column));
  if (missing.length > 0) {
    problem(1, missing[0] ?? "", messages.importHeaderMissing(missing.join(", ")));
    ok = false;
  }
  return ok ? (names as CsvColumn[]) : null;
}
