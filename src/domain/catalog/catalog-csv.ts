// The catalogue as CSV (issue 33, item 6): a streamed export in keyset pages and an import checked row by row, applied
// all or none by SKU. Cell escaping, columns and limits: docs/decisions/033-catalogue-csv-and-bulk-edits.md.
// One factory: export, import and the import's jobs share the category index and the product admin's checks.
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { stringify } from "csv-stringify";
import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { categories, products } from "#db/schema/catalog.ts";
import { catalogBulkMessages as messages, productAdminMessages } from "#shared/back-office-messages.ts";
import { IMPORT_MAX_BYTES } from "#shared/schemas/back-office-bulk.ts";
import { parseProductInput } from "#shared/schemas/back-office-products.ts";
import type { Actor, AuditEntry } from "../back-office/audit.ts";
import type { AuditTrail } from "../back-office/back-office-service.ts";
import { AppError } from "../errors.ts";
import { findCountry } from "../locations/countries.ts";
import type { CatalogChanges } from "../ports.ts";
import {
  COLUMN_OF_FIELD,
  CSV_COLUMNS,
  type CsvColumn,
  joinList,
  neutralise,
  readHeader,
  restore,
  rupeesCell,
  splitList,
  yesNo,
} from "./catalog-csv-cells.ts";
import {
  type AdminProduct,
  changedOnly,
  fromInput,
  type PictureLibrary,
  type ProductAdmin,
  type ProductFilter,
  type ProductSnapshot,
  snapshotOf,
} from "./product-admin.ts";
import { arrayAsJson } from "./product-query.ts";

export { CSV_COLUMNS, type CsvColumn, joinList, neutralise, restore, splitList } from "./catalog-csv-cells.ts";

export { IMPORT_MAX_BYTES };

/** Problems kept for the report; the count goes on. */
const MAX_PROBLEMS = 1000;
const PAGE = 1000;
const BATCH = 500;

export interface ImportProblem {
  line: number;
  column: string;
  message: string;
}

export interface ImportReport {
  dryRun: boolean;
  /** Whether the rows were written (an apply without problems). */
  applied: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  problemCount: number;
  /** The first problems, in file order. */
  problems: ImportProblem[];
}

export interface ImportJob {
  id: string;
  actorId: string | null;
  dryRun: boolean;
  state: "running" | "done" | "failed";
  /** Bytes of the file read so far, of `totalBytes`. */
  bytesRead: number;
  totalBytes: number;
  rowsRead: number;
  report: ImportReport | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

interface CategoryIndex {
  top: Map<string, { id: string; name: string }[]>;
  children: Map<string, Map<string, { id: string; name: string }[]>>;
  names: Map<string, string>;
}

const subCategories = alias(categories, "sub_categories");

const exportColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  brand: products.brand,
  description: products.description,
  pricePaise: products.pricePaise,
  oldPricePaise: products.oldPricePaise,
  catName: categories.name,
  subCatName: subCategories.name,
  countInStock: products.countInStock,
  isFeatured: products.isFeatured,
  taxRateBasisPoints: products.taxRateBasisPoints,
  hsnCode: products.hsnCode,
  productRam: arrayAsJson(products.productRam),
  size: arrayAsJson(products.size),
  productWeight: arrayAsJson(products.productWeight),
  locations: arrayAsJson(products.locations),
  images: arrayAsJson(products.images),
  imageAlts: arrayAsJson(products.imageAlts),
  archivedAt: products.archivedAt,
};
type ExportRow = { [K in keyof typeof exportColumns]: unknown } & {
  id: string;
  pricePaise: number;
  oldPricePaise: number | null;
  subCatName: string | null;
  taxRateBasisPoints: number;
  productRam: string[];
  size: string[];
  productWeight: string[];
  locations: string[];
  images: string[];
  imageAlts: string[];
  archivedAt: Date | null;
};

function exportRecord(row: ExportRow): string[] {
  const alts = row.images.map((_, index) => row.imageAlts[index] ?? "");
  const cells: Record<CsvColumn, string> = {
    sku: String(row.sku),
    name: String(row.name),
    brand: String(row.brand),
    description: String(row.description),
    price: rupeesCell(row.pricePaise),
    oldPrice: rupeesCell(row.oldPricePaise),
    category: String(row.catName),
    subCategory: row.subCatName ?? "",
    countInStock: String(row.countInStock),
    isFeatured: row.isFeatured ? "true" : "false",
    taxRate: String(row.taxRateBasisPoints / 100),
    hsn: String(row.hsnCode),
    ram: joinList(row.productRam),
    size: joinList(row.size),
    weight: joinList(row.productWeight),
    countries: joinList(row.locations),
    pictures: joinList(row.images),
    // Alt texts only when one is set, so a product without any round-trips as an empty cell.
    pictureAlts: alts.some((alt) => alt !== "") ? joinList(alts) : "",
    archived: row.archivedAt === null ? "false" : "true",
  };
  return CSV_COLUMNS.map((column) => neutralise(cells[column]));
}

/** A data row by column; `hsnGiven` is false for files exported before the column existed. */
type ImportRow = { line: number; cells: Record<CsvColumn, string>; hsnGiven: boolean };

const importEvent = (entityId: string, before: unknown, after: unknown) => ({
  action: "product.import",
  entityType: "product",
  entityId,
  before,
  after,
});

const lower = (value: string) => value.trim().toLowerCase();

export type CatalogCsv = ReturnType<typeof createCatalogCsv>;

/** Thrown inside the apply's transaction to roll it back when any row has a problem. */
class RollBack extends Error {}

export function createCatalogCsv(deps: {
  db: Db;
  now: () => Date;
  changes: CatalogChanges;
  audit: AuditTrail;
  pictures: PictureLibrary;
  productAdmin: ProductAdmin;
}) {
  const { db, now, changes, audit, pictures, productAdmin } = deps;
  // The import jobs of this process (the pages poll them); kept an hour after they finish.
  const jobs = new Map<string, ImportJob & { text: string }>();

  async function categoryIndex(executor: DbExecutor): Promise<CategoryIndex> {
    const rows = await executor
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories);
    const index: CategoryIndex = { top: new Map(), children: new Map(), names: new Map() };
    for (const row of rows) {
      index.names.set(row.id, row.name);
      if (row.parentId === null) {
        index.top.set(lower(row.name), [...(index.top.get(lower(row.name)) ?? []), row]);
      } else {
        const siblings = index.children.get(row.parentId) ?? new Map();
        siblings.set(lower(row.name), [...(siblings.get(lower(row.name)) ?? []), row]);
        index.children.set(row.parentId, siblings);
      }
    }
    return index;
  }

  /** Every product matching the list's filter, a page of PAGE rows at a time by id: memory stays flat at any size. */
  async function* exportRecords(filter: ProductFilter): AsyncGenerator<string[]> {
    const where = await productAdmin.filterCondition(filter);
    let after: string | null = null;
    for (;;) {
      const conditions: (SQL | undefined)[] = [where, after === null ? undefined : gt(products.id, after)];
      const rows = (await db
        .select(exportColumns)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.catId))
        .leftJoin(subCategories, eq(subCategories.id, products.subCatId))
        .where(and(...conditions))
        .orderBy(asc(products.id))
        .limit(PAGE)) as ExportRow[];
      for (const row of rows) yield exportRecord(row);
      if (rows.length < PAGE) return;
      after = rows.at(-1)?.id ?? null;
    }
  }

  /** The CSV, header first, as a byte stream that reads the next page only when the reader wants more. */
  function exportCsv(filter: ProductFilter): Readable {
    const records = Readable.from(exportRecords(filter));
    const writer = stringify({ header: true, columns: [...CSV_COLUMNS], bom: true });
    records.on("error", (error) => writer.destroy(error));
    return records.pipe(writer);
  }

  /**
   * Reads a CSV and checks every row; with `apply`, writes them in one transaction, all or none (any problem rolls it
   * all back). A row equal to its product is left alone: no write, no audit event.
   */
  async function importCsv(
    actor: Actor,
    source: string,
    options: { apply: boolean; reason?: string | undefined; onProgress?: (bytes: number, rows: number) => void },
  ): Promise<ImportReport> {
    const report: ImportReport = {
      dryRun: !options.apply,
      applied: false,
      rows: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      problemCount: 0,
      problems: [],
    };
    const problem = (line: number, column: string, message: string) => {
      report.problemCount++;
      if (report.problems.length < MAX_PROBLEMS) report.problems.push({ line, column, message });
    };
    const run = async (executor: DbExecutor, write: boolean) => {
      const index = await categoryIndex(executor);
      const seen = new Map<string, number>();
      let batch: ImportRow[] = [];
      const flush = async () => {
        await checkBatch(executor, batch, index, seen, problem, report, write && report.problemCount === 0, actor, options);
        batch = [];
      };
      let header: CsvColumn[] | null = null;
      let previousEnd = 0;
      let previousEmpty = 0;
      const parser = parse({
        bom: true,
        info: true,
        relax_column_count: true,
        skip_empty_lines: true,
        record_delimiter: ["\r\n", "\n", "\r"],
      });
      const feeding = Readable.from([source]).pipe(parser);
      try {
        for await (const { record, info } of feeding as AsyncIterable<{
          record: string[];
          info: { lines: number; empty_lines: number; bytes: number };
        }>) {
          const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
          previousEnd = info.lines;
          previousEmpty = info.empty_lines;
          if (header === null) {
            header = readHeader(record, problem);
            if (header === null) return;
            continue;
          }
          report.rows++;
          const cells = Object.fromEntries(CSV_COLUMNS.map((column) => [column, ""])) as Record<CsvColumn, string>;
          header.forEach((column, position) => {
            cells[column] = restore(record[position] ?? "");
          });
          batch.push({ line, cells, hsnGiven: header.includes("hsn") });
          if (batch.length >= BATCH) {
            await flush();
            options.onProgress?.(info.bytes, report.rows);
          }
        }
      } catch (error) {
        const csv = error as { code?: unknown; message?: string };
        if (typeof csv.code !== "string" || !csv.code.startsWith("CSV_")) throw error;
        await flush();
        // The record that does not parse starts after the last one that did.
        problem(previousEnd + 1, "", messages.importMalformed(String(csv.message).split(":")[0] ?? ""));
        return;
      }
      await flush();
      if (header === null) problem(1, "", messages.importEmpty);
      else if (report.rows === 0) problem(2, "", messages.importEmpty);
    };

    if (!options.apply) {
      await run(db, false);
      return report;
    }
    try {
      await withTransaction(db, async (tx) => {
        await run(tx, true);
        if (report.problemCount > 0) throw new RollBack();
        await audit.record(tx, actor, {
          action: "import.apply",
          entityType: "import",
          entityId: uuidv7(),
          before: null,
          after: { rows: report.rows, created: report.created, updated: report.updated, unchanged: report.unchanged },
          reason: options.reason,
        });
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
      report.created = 0;
      report.updated = 0;
      return report;
    }
    report.applied = true;
    if (report.created + report.updated > 0) changes.catalogChanged();
    return report;
  }

  /** Checks a batch of rows with a few queries; writes the good ones when `write` (no problem so far in the file). */
  async function checkBatch(
    executor: DbExecutor,
    batch: ImportRow[],
    index: CategoryIndex,
    seen: Map<string, number>,
    problem: (line: number, column: string, message: string) => void,
    report: ImportReport,
    write: boolean,
    actor: Actor,
    options: { reason?: string | undefined },
  ) {
    if (batch.length === 0) return;
    const skus = batch.map((row) => row.cells.sku.trim()).filter((sku) => sku !== "");
    const existing = new Map<string, AdminProduct>();
    if (skus.length > 0) {
      const found = await executor
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(products.sku, skus));
      const full = await productAdmin.readMany(
        executor,
        found.map((row) => row.id),
        { lock: write },
      );
      for (const product of full) existing.set(product.sku, product);
    }
    const named = [...new Set(batch.flatMap((row) => splitList(row.cells.pictures)))];
    const unknownPictures = new Set(await pictures.unknownFiles(executor, named));
    const toInsert: ProductSnapshot[] = [];
    const toUpdate: { current: AdminProduct; next: ProductSnapshot }[] = [];
    for (const { line, cells, hsnGiven } of batch) {
      const before = report.problemCount;
      const sku = cells.sku.trim();
      const earlier = seen.get(sku);
      if (sku !== "" && earlier !== undefined) problem(line, "sku", messages.importSkuRepeated(sku, earlier));
      else if (sku !== "") seen.set(sku, line);
      const catId = resolveCategory(cells, index, line, problem);
      const featured = yesNo(cells.isFeatured);
      if (featured === undefined) problem(line, "isFeatured", messages.importYesNo("isFeatured"));
      const archived = yesNo(cells.archived);
      if (archived === undefined) problem(line, "archived", messages.importYesNo("archived"));
      const files = splitList(cells.pictures);
      const alts = splitList(cells.pictureAlts);
      if (alts.length > files.length) problem(line, "pictureAlts", messages.importAltsLonger);
      // As the product form: only pictures new to the product must be in the library (older ones may predate it).
      const onProduct = existing.get(sku)?.images ?? [];
      const unknown = files.find((file) => unknownPictures.has(file) && !onProduct.includes(file));
      if (unknown !== undefined) problem(line, "pictures", messages.importPictureUnknown(unknown));
      const countries = splitList(cells.countries);
      const unknownCountry = countries.find((name) => name.trim() !== "" && !findCountry(name));
      if (unknownCountry !== undefined) problem(line, "countries", productAdminMessages.unknownCountry(unknownCountry));
      const parsed = parseProductInput({
        sku: cells.sku,
        name: cells.name,
        brand: cells.brand,
        description: cells.description,
        price: cells.price,
        oldPrice: cells.oldPrice,
        catId: catId?.catId ?? (cells.category.trim() === "" ? "" : "00000000-0000-7000-8000-000000000000"),
        subCatId: catId?.subCatId ?? "",
        countInStock: cells.countInStock,
        isFeatured: featured === true,
        taxRate: cells.taxRate,
        hsnCode: hsnGiven ? cells.hsn : undefined,
        productRam: splitList(cells.ram),
        size: splitList(cells.size),
        productWeight: splitList(cells.weight),
        locations: countries,
        images: files.map((file, position) => ({ file, alt: alts[position] ?? "" })),
      });
      if (!parsed.ok) {
        for (const [field, message] of Object.entries(parsed.fieldErrors)) {
          // Categories were reported by name above; the placeholder id only keeps the schema's other checks going.
          if ((field === "catId" || field === "subCatId") && catId === null && cells.category.trim() !== "") continue;
          if (field === "images" && unknown !== undefined) continue;
          problem(line, COLUMN_OF_FIELD[field] ?? field, message);
        }
      }
      if (report.problemCount > before || !parsed.ok || catId === null) continue;
      const current = existing.get(parsed.value.sku) ?? null;
      const next = fromInput(parsed.value, current ? snapshotOf(current) : null);
      next.archivedAt = archived ? (current?.archivedAt ?? now().toISOString()) : null;
      if (current === null) {
        report.created++;
        if (write) toInsert.push(next);
      } else if (changedOnly(snapshotOf(current), next).fields.length === 0) {
        report.unchanged++;
      } else {
        report.updated++;
        if (write) toUpdate.push({ current, next });
      }
    }
    if (!write) return;
    const at = now();
    const events: AuditEntry[] = [];
    if (toUpdate.length > 0) {
      // One statement for the batch's changed products (the rows are locked since readMany), one event each.
      const values = toUpdate.map(({ current, next }) => ({ ...next, id: current.id }));
      await executor.execute(sql`
        update ${products} p set
          name = v.name, brand = v.brand, description = v.description, price_paise = v."pricePaise",
          old_price_paise = v."oldPricePaise", discount = v.discount, cat_id = v."catId", sub_cat_id = v."subCatId",
          product_ram = v."productRam", size = v.size, product_weight = v."productWeight",
          count_in_stock = v."countInStock", is_featured = v."isFeatured", locations = v.locations, sku = v.sku,
          tax_rate_basis_points = v."taxRateBasisPoints", hsn_code = v."hsnCode", images = v.images,
          image_alts = v."imageAlts",
          archived_at = v."archivedAt", updated_at = ${at.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
          id uuid, name text, brand text, description text, "pricePaise" integer, "oldPricePaise" integer,
          discount integer, "catId" uuid, "subCatId" uuid, "productRam" text[], size text[], "productWeight" text[],
          "countInStock" integer, "isFeatured" boolean, locations text[], sku text, "taxRateBasisPoints" integer,
          "hsnCode" text, images text[], "imageAlts" text[], "archivedAt" timestamptz)
        where p.id = v.id`);
      for (const { current, next } of toUpdate) {
        const diff = changedOnly(snapshotOf(current), next);
        events.push({ ...importEvent(current.id, diff.before, diff.after), reason: options.reason });
      }
    }
    if (toInsert.length > 0) {
      const rows = toInsert.map((next) => ({
        ...next,
        id: uuidv7(),
        archivedAt: next.archivedAt === null ? null : new Date(next.archivedAt),
        createdAt: at,
        updatedAt: at,
      }));
      await executor.insert(products).values(rows);
      for (const [index, row] of rows.entries()) {
        events.push({ ...importEvent(row.id, null, toInsert[index]), reason: options.reason });
      }
    }
    await audit.recordMany(executor, actor, events);
  }

  function resolveCategory(
    cells: Record<CsvColumn, string>,
    index: CategoryIndex,
    line: number,
    problem: (line: number, column: string, message: string) => void,
  ): { catId: string; subCatId: string | null } | null {
    const name = cells.category.trim();
    if (name === "") return null;
    const tops = index.top.get(lower(name)) ?? [];
    if (tops.length !== 1 || !tops[0]) {
      problem(
        line,
        "category",
        tops.length === 0 ? messages.importCategoryUnknown(name) : messages.importCategoryAmbiguous(name),
      );
      return null;
    }
    const top = tops[0];
    const subName = cells.subCategory.trim();
    if (subName === "") return { catId: top.id, subCatId: null };
    const subs = index.children.get(top.id)?.get(lower(subName)) ?? [];
    if (subs.length !== 1 || !subs[0]) {
      problem(
        line,
        "subCategory",
        subs.length === 0
          ? messages.importSubCategoryUnknown(subName, top.name)
          : messages.importSubCategoryAmbiguous(subName, top.name),
      );
      return null;
    }
    return { catId: top.id, subCatId: subs[0].id };
  }

  function forget() {
    const hourAgo = now().getTime() - 60 * 60_000;
    for (const [id, job] of jobs) if (job.finishedAt && job.finishedAt.getTime() < hourAgo) jobs.delete(id);
  }

  /** Starts an import in the background; one at a time per process (each holds its file in memory). */
  function startImport(actor: Actor, text: string, options: { apply: boolean; reason?: string | undefined }): ImportJob {
    forget();
    if ([...jobs.values()].some((job) => job.state === "running")) throw new AppError("CONFLICT", messages.importBusy);
    const job = {
      id: uuidv7(),
      actorId: actor.id,
      dryRun: !options.apply,
      state: "running" as ImportJob["state"],
      bytesRead: 0,
      totalBytes: Buffer.byteLength(text),
      rowsRead: 0,
      report: null as ImportReport | null,
      error: null as string | null,
      startedAt: now(),
      finishedAt: null as Date | null,
      text,
    };
    jobs.set(job.id, job);
    importCsv(actor, text, {
      ...options,
      onProgress: (bytes, rows) => {
        job.bytesRead = bytes;
        job.rowsRead = rows;
      },
    })
      .then((report) => {
        job.report = report;
        job.rowsRead = report.rows;
        job.bytesRead = job.totalBytes;
        job.state = "done";
      })
      .catch((error: unknown) => {
        job.error = error instanceof AppError ? error.message : "The import failed: nothing was changed.";
        job.state = "failed";
      })
      .finally(() => {
        job.finishedAt = now();
      });
    return publicJob(job);
  }

  function publicJob({ text: _text, ...job }: ImportJob & { text: string }): ImportJob {
    return { ...job };
  }

  return {
    exportCsv,
    importCsv,
    startImport,
    /** A job of this staff member, or undefined. */
    job(id: string, actor: Actor): ImportJob | undefined {
      const job = jobs.get(id);
      return job && job.actorId === actor.id ? publicJob(job) : undefined;
    },
    /** Applies the file a finished dry run checked without problems (checked again, in the apply's transaction). */
    applyChecked(actor: Actor, dryRunId: string, reason?: string): ImportJob {
      const job = jobs.get(dryRunId);
      if (!job || job.actorId !== actor.id) throw new AppError("NOT_FOUND", messages.importJobGone);
      if (!job.dryRun || job.state !== "done" || (job.report?.problemCount ?? 1) > 0) {
        throw new AppError("BAD_REQUEST", messages.importNotDryRun);
      }
      return startImport(actor, job.text, { apply: true, reason });
    },
    /** Waits for a job (tests and the benchmark). */
    async settled(id: string): Promise<void> {
      while (jobs.get(id)?.state === "running") await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}
