/**
 * Ports the domain offers to the outside world for things that are not one context's own (each context's ports live
 * beside it, e.g. accounts/ports.ts). The composition root (src/server/services.ts) implements them.
 */

/**
 * Told after a commit that changed what shoppers see of some products (price, stock, rating, texts). The composition
 * root evicts those products' cached answers (docs/decisions/009-catalogue-micro-cache.md). Never called inside a
 * transaction: a rolled-back change must not evict, and a reader between eviction and commit would re-cache the old value.
 */
export interface CatalogChanges {
  productsChanged(productIds: readonly string[]): void;
}

/** For services built without a cache (tests of a single service). */
export const ignoreCatalogChanges: CatalogChanges = { productsChanged: () => {} };
