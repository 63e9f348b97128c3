import { version as uuidVersion } from "uuid";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildDemoCatalog, type DemoCatalog } from "./demo-catalog.ts";

const catalog = buildDemoCatalog();
const byId = new Map(catalog.categories.map((category) => [category.id, category]));
const topLevel = catalog.categories.filter((category) => !category.parentId);
const categoryName = (id: string | null | undefined) => byId.get(id ?? "")?.name;
const productsOf = (name: string) => catalog.products.filter((product) => categoryName(product.catId) === name);

describe("buildDemoCatalog", () => {
  it("builds the same catalogue, ids and timestamps included, for the same seed", () => {
    expect(buildDemoCatalog()).toEqual(catalog);
    expect(buildDemoCatalog({ seed: 7 })).toEqual(buildDemoCatalog({ seed: 7 }));
  });

  it("builds a different catalogue for another seed", () => {
    const other = buildDemoCatalog({ seed: 7 });
    expect(other.products.map((product) => product.id)).not.toEqual(catalog.products.map((product) => product.id));
    expect(other.products.map((product) => product.name)).not.toEqual(catalog.products.map((product) => product.name));
  });

  it("has at least 8 coloured top-level categories, each with a tile image and 3+ ordered sub-categories", () => {
    expect(topLevel.length).toBeGreaterThanOrEqual(8);
    topLevel.forEach((category, index) => {
      expect(category.position).toBe(index);
      expect(category.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(category.images).toHaveLength(1);
      const children = catalog.categories.filter((child) => child.parentId === category.id);
      expect(children.length, category.name).toBeGreaterThanOrEqual(3);
      expect(children.map((child) => child.position)).toEqual(children.map((_, position) => position));
    });
    // Parents come before children, so the rows can be inserted in order.
    const firstChild = catalog.categories.findIndex((category) => category.parentId);
    expect(catalog.categories.slice(firstChild).every((category) => category.parentId)).toBe(true);
  });

  it("gives every row a unique, valid version 7 UUID", () => {
    const ids = [catalog.categories, catalog.products, catalog.banners, catalog.reviews].flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(z.uuid().safeParse(id).success, id).toBe(true);
      expect(uuidVersion(id)).toBe(7);
    }
  });

  it("builds 320 products by default, each in a sub-category of its category, with distinct creation times", () => {
    expect(catalog.products).toHaveLength(320);
    for (const product of catalog.products) {
      expect(byId.get(product.subCatId ?? "")?.parentId).toBe(product.catId);
    }
    expect(new Set(catalog.products.map((product) => product.createdAt?.getTime())).size).toBe(320);
    const subCategories = catalog.categories.filter((category) => category.parentId);
    for (const sub of subCategories) {
      expect(
        catalog.products.some((product) => product.subCatId === sub.id),
        sub.name,
      ).toBe(true);
    }
  });

  it("prices products in whole paise, with an old price above the price and a matching discount", () => {
    const withOldPrice = catalog.products.filter((product) => product.oldPricePaise !== null);
    expect(withOldPrice.length).toBeGreaterThan(catalog.products.length * 0.7);
    expect(withOldPrice.length).toBeLessThan(catalog.products.length);
    for (const product of catalog.products) {
      expect(Number.isInteger(product.pricePaise)).toBe(true);
      expect(product.pricePaise % 100).toBe(0);
      expect((product.pricePaise / 100) % 10).toBe(9);
      const old = product.oldPricePaise ?? null;
      if (old === null) {
        expect(product.discount).toBe(0);
      } else {
        expect(old).toBeGreaterThan(product.pricePaise);
        expect(product.discount).toBe(Math.round(((old - product.pricePaise) / old) * 100));
      }
    }
    const rupees = (name: string) => productsOf(name).map((product) => product.pricePaise / 100);
    expect(Math.min(...rupees("Groceries"))).toBeGreaterThanOrEqual(40);
    expect(Math.max(...rupees("Groceries"))).toBeLessThanOrEqual(900);
    expect(Math.min(...rupees("Fashion"))).toBeGreaterThanOrEqual(299);
    expect(Math.max(...rupees("Fashion"))).toBeLessThanOrEqual(4999);
    expect(Math.max(...rupees("Electronics"))).toBeLessThanOrEqual(149_999);
  });

  it("gives every product its category's GST rate and a 4-digit HSN heading for the invoices", () => {
    for (const product of catalog.products) expect(product.hsnCode).toMatch(/^\d{4}$/);
    const taxOf = (name: string) =>
      new Set(productsOf(name).map((product) => `${product.taxRateBasisPoints}/${product.hsnCode}`));
    expect(taxOf("Groceries")).toEqual(new Set(["500/2106"]));
    expect(taxOf("Jewellery")).toEqual(new Set(["300/7113"]));
    expect(taxOf("Electronics")).toEqual(new Set(["1800/8517"]));
  });

  it("gives products half-step ratings, stock (some sold out), featured flags and countries with India on most", () => {
    const count = catalog.products.length;
    const reviewed = new Set(catalog.reviews.map((review) => review.productId));
    for (const product of catalog.products) {
      expect((product.rating ?? 0) * 2).toSatisfy(Number.isInteger);
      // A product without reviews has no rating (0); a reviewed one is rated 0.5 to 5.
      expect(product.rating).toBeGreaterThanOrEqual(reviewed.has(product.id) ? 0.5 : 0);
      expect(product.rating).toBeLessThanOrEqual(reviewed.has(product.id) ? 5 : 0);
      expect(product.countInStock).toBeGreaterThanOrEqual(0);
      expect(product.countInStock).toBeLessThanOrEqual(200);
      expect(product.locations?.length).toBeGreaterThanOrEqual(2);
      expect(product.locations?.length).toBeLessThanOrEqual(6);
    }
    const share = (test: (product: DemoCatalog["products"][number]) => boolean) => catalog.products.filter(test).length / count;
    expect(share((product) => product.countInStock === 0)).toBeGreaterThan(0.02);
    expect(share((product) => product.countInStock === 0)).toBeLessThan(0.15);
    expect(share((product) => product.isFeatured === true)).toBeGreaterThan(0.05);
    expect(share((product) => product.isFeatured === true)).toBeLessThan(0.2);
    expect(share((product) => product.locations?.includes("India") === true)).toBeGreaterThan(0.75);
    const rated = catalog.products.filter((product) => reviewed.has(product.id));
    expect(rated.filter((product) => (product.rating ?? 0) >= 3.5).length / rated.length).toBeGreaterThan(0.6);
  });

  it("offers RAM only on mobiles and laptops, sizes only on clothes and shoes, weights only on groceries", () => {
    for (const product of catalog.products) {
      const category = categoryName(product.catId);
      const sub = categoryName(product.subCatId);
      expect((product.productRam?.length ?? 0) > 0, product.name).toBe(sub === "Mobiles" || sub === "Laptops");
      expect((product.size?.length ?? 0) > 0, product.name).toBe(category === "Fashion" || category === "Footwear");
      expect((product.productWeight?.length ?? 0) > 0, product.name).toBe(category === "Groceries");
      const sizes = category === "Footwear" ? ["6", "7", "8", "9", "10"] : ["S", "M", "L", "XL", "XXL"];
      for (const size of product.size ?? []) expect(sizes).toContain(size);
      for (const ram of product.productRam ?? []) expect(["4GB", "6GB", "8GB", "12GB"]).toContain(ram);
      for (const weight of product.productWeight ?? []) expect(["250g", "500g", "1kg", "2kg"]).toContain(weight);
    }
  });

  it("gives every product 2 to 5 distinct pictures, each described by an image spec", () => {
    const specs = new Map(catalog.images.map((spec) => [spec.fileName, spec]));
    expect(specs.size).toBe(catalog.images.length);
    for (const product of catalog.products) {
      const images = product.images ?? [];
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(images.length).toBeLessThanOrEqual(5);
      expect(new Set(images).size).toBe(images.length);
      for (const image of images) expect(specs.get(image)?.kind).toBe("product");
    }
    for (const row of [...catalog.categories, ...catalog.banners]) {
      for (const image of row.images ?? []) expect(specs.has(image), image).toBe(true);
    }
    for (const spec of catalog.images) expect(spec.fileName).toMatch(/^[a-z0-9][a-z0-9.-]*\.webp$/);
  });

  it("has banners of all four kinds, linking to a category and, for some, to one of its sub-categories", () => {
    const counts = Object.groupBy(catalog.banners, (banner) => banner.kind);
    expect(counts.home?.length).toBe(4);
    expect(counts.row?.length).toBe(3);
    expect(counts.side?.length).toBe(2);
    expect(counts.bottom?.length).toBe(3);
    for (const banner of catalog.banners) {
      expect(byId.get(banner.catId ?? "")?.parentId).toBeNull();
      if (banner.subCatId) expect(byId.get(banner.subCatId)?.parentId).toBe(banner.catId);
      expect(banner.images).toHaveLength(1);
    }
    expect(catalog.banners.some((banner) => banner.subCatId === null)).toBe(true);
    expect(catalog.banners.some((banner) => banner.subCatId !== null)).toBe(true);
  });

  it("reviews about 40% of products, after their creation, and rates every product by its reviews (0 without any)", () => {
    const products = new Map(catalog.products.map((product) => [product.id, product]));
    const reviewed = new Set(catalog.reviews.map((review) => review.productId));
    expect(reviewed.size / catalog.products.length).toBeGreaterThan(0.3);
    expect(reviewed.size / catalog.products.length).toBeLessThan(0.5);
    for (const review of catalog.reviews) {
      const product = products.get(review.productId);
      expect(review.userId).toBeNull();
      expect(review.customerName).not.toBe("");
      expect(review.review).not.toBe("");
      expect(review.customerRating * 2).toSatisfy(Number.isInteger);
      expect(review.createdAt?.getTime()).toBeGreaterThan(product?.createdAt?.getTime() ?? Infinity);
    }
    for (const productId of reviewed) {
      const ratings = catalog.reviews.filter((review) => review.productId === productId).map((review) => review.customerRating);
      const average = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
      expect(products.get(productId)?.rating).toBe(Math.round(average * 2) / 2);
    }
    for (const product of catalog.products) if (!reviewed.has(product.id)) expect(product.rating, product.id).toBe(0);
  });

  it("scales to 100,000 products that reuse the default catalogue's ~1,000 pictures", () => {
    const large = buildDemoCatalog({ products: 100_000 });
    expect(large.products).toHaveLength(100_000);
    expect(large.images.length).toBeLessThanOrEqual(1100);
    expect(large.products.slice(0, 320)).toEqual(catalog.products);
    // A picture shows a product of the sub-category it is reused in.
    const pictureSubCategory = new Map(
      catalog.products.flatMap((product) => (product.images ?? []).map((image) => [image, product.subCatId])),
    );
    const ids = new Set<string>();
    for (const product of large.products) {
      ids.add(product.id as string);
      for (const image of product.images ?? []) {
        if (pictureSubCategory.get(image) !== product.subCatId)
          throw new Error(`${product.name} shows ${image} of another sub-category`);
      }
    }
    expect(ids.size).toBe(100_000);
  });
});
