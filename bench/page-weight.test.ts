import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BACK_OFFICE_SCRIPTS_GZIP_KB, budgetKb, PAGE_SCRIPTS_GZIP_KB, pageScripts } from "./page-weight.ts";

// Reads the production build that `npm test` makes before Vitest runs; without one it fails, saying so.
const client = path.resolve(import.meta.dirname, "../build/client");
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describe("the browser's JavaScript", () => {
  it(`stays within ${PAGE_SCRIPTS_GZIP_KB} KB gzip on every shop page, ${BACK_OFFICE_SCRIPTS_GZIP_KB} KB in the back office`, () => {
    const pages = pageScripts(client);
    expect(pages.map((p) => p.route)).toEqual(
      expect.arrayContaining([
        "routes/home",
        "category-listing",
        "routes/product",
        "routes/cart",
        "routes/sign-in",
        "routes/admin/products",
      ]),
    );
    const over = pages
      .filter((p) => p.gzipBytes > budgetKb(p.route) * 1024)
      .map((p) => `${p.route}: ${kb(p.gzipBytes)} KB over ${budgetKb(p.route)} (${p.files.join(", ")})`);
    expect(over, "pages over their budget (gzip)").toEqual([]);
  });

  // Importing src/shared/messages.ts brings every area's texts along: a module the browser loads names its area's file.
  it("takes the texts of a module the browser loads from src/shared/messages/<area>.ts (decision 030)", () => {
    const web = path.resolve(import.meta.dirname, "../src/web");
    const modules = readdirSync(web, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.(server|test)\.tsx?$/.test(file),
    );
    const barrelImports = modules.filter((file) =>
      /from\s*["']#shared\/messages\.ts["']/.test(readFileSync(path.join(web, file), "utf8")),
    );
    expect(modules.length).toBeGreaterThan(50);
    expect(barrelImports).toEqual([]);
  });

  // The pages' CSP forbids eval: a library that probes `new Function` (zod's validator compiler) logs a violation.
  it("carries no validation library and compiles no code at run time", () => {
    const assets = path.join(client, "assets");
    const offenders = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .filter((file) => /\bnew Function\b|\beval\(|\bzod\b|\$ZodType/.test(readFileSync(path.join(assets, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
