// Ports that are no one context's own (each context's live beside it); src/server/services.ts implements them.

/**
 * Evicts products' cached answers (decision 009). Only after commit: a rolled-back change must not evict, and a reader
 * between eviction and commit would re-cache the old value.
 */
export interface CatalogChanges {
  productsChanged(productIds: readonly string[]): void;
  /** Categories or banners changed: every kept catalogue answer, page and the category menu go, here and elsewhere. */
  catalogChanged(): void;
}

/** For tests of a single service. */
export const ignoreCatalogChanges: CatalogChanges = { productsChanged: () => {}, catalogChanged: () => {} };
