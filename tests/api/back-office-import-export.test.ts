import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "#db/schema/back-office.ts";
import { products } from "#db/schema/catalog.ts";
import { catalogPictures } from "#db/schema/media.ts";
import { CSV_COLUMNS, joinList, splitList } from "#domain/catalog/catalog-csv.ts";
import { backOfficeMessages, catalogBulkMessages, productAdminMessages } from "#shared/back-office-messages.ts";
import { createTestCategory } from "../support/builders.ts";
import { signedInAs } from "../support/staff.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// Issue 33, item 6: the catalogue's CSV export and import through /api/admin, on the service the /admin pages use.
let app: TestApp;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let staff: Awaited<ReturnType<typeof signedInAs>>;
let top: { id: string; name: string };
let sub: { id: string; name: string };

beforeAll(async () => {
  app = await createTestApp();
  owner = await signedInAs(app, "owner");
  staff = await signedInAs(app, "staff");
  top = await createTestCategory(app.db);
  sub = await createTestCategory(app.db, { parentId: top.id });
  await app.db.insert(catalogPictures).values(
    ["c-import-a.webp", "c-import-b.webp"].map((fileName) => ({
      fileName,
      originalName: fileName,
      bytes: 10,
      width: 10,
      height: 10,
      uploadedBy: owner.user.id,
      createdAt: new Date(),
    })),
  );
});
afterAll(async () => {
  await app?.close();
});

const exportOf = async (catId: string, sid = owner.sid) => {
  const response = await app.server.inject({
    method: "GET",
    url: `/api/admin/products/export?catId=${catId}`,
    headers: { authorization: `Bearer ${sid}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toContain("text/csv");
  expect(response.headers["content-disposition"]).toMatch(/attachment; filename="catalogue-.*\.csv"/);
  return response.body;
};

const importCsv = (csv: string, dryRun: boolean, sid = owner.sid) =>
  app.server.inject({
    method: "POST",
    url: `/api/admin/products/import?dryRun=${dryRun ? 1 : 0}&reason=${encodeURIComponent("spring prices")}`,
    headers: { authorization: `Bearer ${sid}`, "content-type": "text/csv" },
    payload: csv,
  });

let skuCounter = 0;
/** A file in the export's format; each row's cells by column, the rest blank. */
function csvOf(rows: Partial<Record<(typeof CSV_COLUMNS)[number], string>>[], columns: readonly string[] = CSV_COLUMNS) {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const cellOf = (row: Record<string, string | undefined>, column: string) => quote(row[column] ?? "");
  const lines = [columns.join(","), ...rows.map((row) => columns.map((column) => cellOf(row, column)).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}
const row = (overrides: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {}) => ({
  sku: `IMP-${++skuCounter}-${Date.now()}`,
  name: "Imported Kettle",
  brand: "Acme",
  description: "Boils water, fast.",
  price: "1499.50",
  oldPrice: "1999",
  category: top.name,
  subCategory: sub.name,
  countInStock: "7",
  isFeatured: "true",
  taxRate: "12.5",
  hsn: "851610",
  ram: "",
  size: "S|M",
  weight: "",
  countries: "India|Nepal",
  pictures: "c-import-a.webp|c-import-b.webp",
  pictureAlts: "Front|Side",
  archived: "false",
  ...overrides,
});

const bySku = async (sku: string) => (await app.db.select().from(products).where(eq(products.sku, sku)))[0];
const importEvents = () => app.db.select().from(auditEvents).where(eq(auditEvents.action, "product.import"));

describe("the catalogue's CSV", () => {
  it("escapes lists so any item survives", () => {
    expect(splitList(joinList(["a|b", "c\\d", ""]))).toEqual(["a|b", "c\\d", ""]);
  });

  it("creates by SKU, then updates by SKU, one audit event each plus a summary, and a dry run changes nothing", async () => {
    const first = row();
    const second = row({ pictures: "", pictureAlts: "", oldPrice: "", archived: "true", isFeatured: "false" });
    const dry = await importCsv(csvOf([first, second]), true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, applied: false, rows: 2, created: 2, problemCount: 0 });
    expect(await bySku(first.sku)).toBeUndefined();

    const applied = await importCsv(csvOf([first, second]), false);
    expect(applied.json()).toMatchObject({ applied: true, created: 2, updated: 0 });
    const made = await bySku(first.sku);
    expect(made).toMatchObject({
      name: "Imported Kettle",
      pricePaise: 149_950,
      oldPricePaise: 199_900,
      catId: top.id,
      subCatId: sub.id,
      size: ["S", "M"],
      locations: ["India", "Nepal"],
      images: ["c-import-a.webp", "c-import-b.webp"],
      imageAlts: ["Front", "Side"],
      taxRateBasisPoints: 1250,
      hsnCode: "851610",
      archivedAt: null,
    });
    expect((await bySku(second.sku))?.archivedAt).toBeInstanceOf(Date);
    const events = (await importEvents()).filter((event) => event.entityId === made?.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ before: null, reason: "spring prices", actorEmail: owner.user.email });
    const summaries = await app.db.select().from(auditEvents).where(eq(auditEvents.entityType, "import"));
    expect(summaries.at(-1)?.after).toMatchObject({ rows: 2, created: 2 });

    const updated = await importCsv(csvOf([{ ...first, price: "1299", countInStock: "3" }, second]), false);
    expect(updated.json()).toMatchObject({ applied: true, created: 0, updated: 1, unchanged: 1 });
    expect(await bySku(first.sku)).toMatchObject({ pricePaise: 129_900, countInStock: 3, id: made?.id });
    const update = (await importEvents()).filter((event) => event.entityId === made?.id).at(-1);
    expect(update).toMatchObject({
      before: { pricePaise: 149_950, countInStock: 7 },
      after: { pricePaise: 129_900, countInStock: 3 },
    });
  });

  it("takes a file exported before the hsn column: the products keep their HSN codes; a bad one is reported", async () => {
    const kept = row();
    expect((await importCsv(csvOf([kept]), false)).json()).toMatchObject({ applied: true, created: 1 });
    const older = CSV_COLUMNS.filter((column) => column !== "hsn");
    const answer = await importCsv(csvOf([{ ...kept, price: "1299" }], older), false);
    expect(answer.json()).toMatchObject({ applied: true, updated: 1, problemCount: 0 });
    expect(await bySku(kept.sku)).toMatchObject({ pricePaise: 129_900, hsnCode: "851610" });

    const bad = await importCsv(csvOf([row({ hsn: "85-16" })]), true);
    expect(bad.json().problems).toEqual([{ line: 2, column: "hsn", message: productAdminMessages.hsnShape }]);
  });

  it("exports then imports with no change: no write, no event, the same bytes again", async () => {
    const category = await createTestCategory(app.db);
    const rows = [
      row({ category: category.name, subCategory: "" }),
      row({ category: category.name, subCategory: "", name: '=HYPERLINK("http://evil")', brand: "''quoted", description: "" }),
      row({ category: category.name, subCategory: "", size: "a\\|b|c", pictures: "", pictureAlts: "" }),
    ];
    expect((await importCsv(csvOf(rows), false)).json()).toMatchObject({ applied: true, created: 3 });
    const exported = await exportOf(category.id);
    const lines = exported.replace(/^\uFEFF/, "").split("\n");
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    expect(lines).toHaveLength(5);
    // Formula cells are neutralised with an apostrophe, and an apostrophe of the value's own is kept by another one.
    expect(exported).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(exported).toContain(",''quoted,");
    const updatedBefore = (await app.db.select().from(products).where(eq(products.catId, category.id))).map((p) => p.updatedAt);
    const eventsBefore = (await app.db.select().from(auditEvents)).length;

    const again = await importCsv(exported, false);
    expect(again.json()).toMatchObject({ applied: true, rows: 3, created: 0, updated: 0, unchanged: 3, problemCount: 0 });
    expect((await app.db.select().from(products).where(eq(products.catId, category.id))).map((p) => p.updatedAt)).toEqual(
      updatedBefore,
    );
    // Only the import's summary event.
    expect((await app.db.select().from(auditEvents)).length).toBe(eventsBefore + 1);
    expect(await exportOf(category.id)).toBe(exported);
    const stored = await bySku(rows[1]?.sku ?? "");
    expect(stored).toMatchObject({ name: '=HYPERLINK("http://evil")', brand: "'quoted" });
  });

  it("reports every bad row by line, column and message, and changes nothing", async () => {
    const good = row();
    const duplicate = row();
    const csv = csvOf([
      good,
      row({ price: "abc" }),
      row({ category: "No Such Category" }),
      row({ pictures: "c-never-uploaded.webp", pictureAlts: "" }),
      duplicate,
      { ...duplicate, name: "Again" },
      row({ isFeatured: "maybe", countries: "Atlantis" }),
      row({ name: "" }),
    ]);
    for (const dryRun of [true, false]) {
      const answer = await importCsv(csv, dryRun);
      expect(answer.statusCode, answer.body).toBe(200);
      const report = answer.json();
      expect(report.applied).toBe(false);
      expect(report.problems).toEqual([
        { line: 3, column: "price", message: "Price must be a number" },
        { line: 4, column: "category", message: catalogBulkMessages.importCategoryUnknown("No Such Category") },
        { line: 5, column: "pictures", message: catalogBulkMessages.importPictureUnknown("c-never-uploaded.webp") },
        { line: 7, column: "sku", message: catalogBulkMessages.importSkuRepeated(duplicate.sku, 6) },
        { line: 8, column: "isFeatured", message: catalogBulkMessages.importYesNo("isFeatured") },
        { line: 8, column: "countries", message: "Atlantis is not a country the shop knows." },
        { line: 9, column: "name", message: "Please enter the product's name." },
      ]);
      expect(await bySku(good.sku)).toBeUndefined();
    }
  });

  it("counts lines as a spreadsheet does when a cell spans lines, and reports the header's own problems", async () => {
    const csv = csvOf([row({ description: "Two lines,\nwith a comma." }), row({ price: "-1" })]);
    expect((await importCsv(csv, true)).json().problems).toEqual([
      { line: 4, column: "price", message: "Price must be at least 0.01" },
    ]);
    const header = await importCsv("sku,name,colour\r\nA,B,C\r\n", true);
    expect(header.json().problems[0]).toEqual({
      line: 1,
      column: "colour",
      message: catalogBulkMessages.importHeaderUnknown("colour"),
    });
    const broken = await importCsv(`${CSV_COLUMNS.join(",")}\r\n"unclosed,1\r\n`, true);
    expect(broken.json().problemCount).toBe(1);
    expect(broken.json().problems[0].message).toMatch(/^The file is not valid CSV here/);
  });

  it("applies all rows or none: a bad row late in the file leaves every earlier row unwritten", async () => {
    const rows = Array.from({ length: 1200 }, () => row({ pictures: "", pictureAlts: "" }));
    const last = rows.length - 1;
    rows[last] = { ...rows[last], taxRate: "250" } as ReturnType<typeof row>;
    const answer = await importCsv(csvOf(rows), false);
    expect(answer.json()).toMatchObject({ applied: false, problemCount: 1, created: 0 });
    expect(answer.json().problems[0]).toMatchObject({ line: rows.length + 1, column: "taxRate" });
    const written = await app.db
      .select({ id: products.id })
      .from(products)
      .where(
        inArray(
          products.sku,
          rows.map((r) => r.sku),
        ),
      );
    expect(written).toHaveLength(0);
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "product.import")));
    expect(events.some((event) => (event.after as { sku?: string } | null)?.sku === rows[0]?.sku)).toBe(false);
  });

  it("asks for a recent password to apply, not for a dry run; staff may import", async () => {
    await app.db.execute(
      `update sessions set back_office_seen_at = now(), password_confirmed_at = now() - interval '1 day' where id = '${staff.sessionId}'`,
    );
    const dry = await importCsv(csvOf([row()]), true, staff.sid);
    expect(dry.statusCode).toBe(200);
    const apply = await importCsv(csvOf([row()]), false, staff.sid);
    expect(apply.statusCode).toBe(403);
    expect(apply.json().msg).toBe(backOfficeMessages.reauthNeeded);
    const notCsv = await app.server.inject({
      method: "POST",
      url: "/api/admin/products/import?dryRun=1",
      headers: { authorization: `Bearer ${owner.sid}`, "content-type": "application/json" },
      payload: { a: 1 },
    });
    expect(notCsv.statusCode).toBe(400);
  });

  it("runs a job whose progress the page polls, and applies only what a clean dry run checked", async () => {
    const actor = { id: owner.user.id, email: owner.user.email };
    const first = row({ pictures: "", pictureAlts: "" });
    const job = app.services.catalogCsv.startImport(actor, csvOf([first]), { apply: false });
    expect(app.services.catalogCsv.job(job.id, { id: staff.user.id, email: staff.user.email })).toBeUndefined();
    await app.services.catalogCsv.settled(job.id);
    expect(app.services.catalogCsv.job(job.id, actor)).toMatchObject({ state: "done", report: { created: 1 } });
    expect(await bySku(first.sku)).toBeUndefined();
    const apply = app.services.catalogCsv.applyChecked(actor, job.id, "from the page");
    await app.services.catalogCsv.settled(apply.id);
    expect(app.services.catalogCsv.job(apply.id, actor)).toMatchObject({ state: "done", report: { applied: true, created: 1 } });
    expect(await bySku(first.sku)).toBeDefined();
    expect(() => app.services.catalogCsv.applyChecked(actor, apply.id)).toThrow(catalogBulkMessages.importNotDryRun);
  });
});
