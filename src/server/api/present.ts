import type { Account } from "#domain/accounts/types.ts";
import type { Banner, Category, CursorPage, Page, Product } from "#domain/catalog/types.ts";
import type { SearchResults } from "#domain/search/find-products.ts";
import type { Suggestion } from "#domain/search/suggestions.ts";
import { imageUrl as storedImageUrl } from "#shared/images.ts";
import { paiseToRupees, priceBandInRupees } from "#shared/money.ts";

/** The contract's JSON: `_id` + `id`, rupees, `images` as stored names beside absolute `imageUrls` (decision 006). */
export function createPresenters(publicUrl: string) {
  const imageUrl = (file: string) => storedImageUrl(file, publicUrl);

  const product = (p: Product) => ({
    _id: p.id,
    id: p.id,
    name: p.name,
    brand: p.brand,
    description: p.description,
    images: [...p.images],
    imageUrls: p.images.map(imageUrl),
    price: paiseToRupees(p.pricePaise),
    // The original client renders `Rs {oldPrice}`: a product without an old price shows its price there, never "Rs".
    oldPrice: paiseToRupees(p.oldPricePaise ?? p.pricePaise),
    discount: p.discount,
    rating: p.rating,
    countInStock: p.countInStock,
    catId: p.catId,
    catName: p.catName,
    subCatId: p.subCatId,
    subCat: p.subCatName,
    productRam: p.productRam,
    size: p.size,
    productWeight: p.productWeight,
    location: p.locations,
    isFeatured: p.isFeatured,
    dateCreated: p.createdAt.toISOString(),
  });

  const productPage = (page: Page<Product>) => ({
    error: false as const,
    products: page.items.map(product),
    total: page.total,
    page: page.page,
    perPage: page.perPage,
    totalPages: page.totalPages,
    capped: page.capped,
    nextCursor: page.nextCursor,
  });
  /** A keyset page (`after`): the same fields, with no total, page or page count. */
  const productCursorPage = (page: CursorPage<Product>) => ({
    error: false as const,
    products: page.items.map(product),
    total: null,
    page: null,
    perPage: page.perPage,
    totalPages: null,
    capped: false,
    nextCursor: page.nextCursor,
  });

  return {
    imageUrl,
    product,
    productPage,
    productCursorPage,
    searchPage: (results: SearchResults) => ({
      ...productPage(results),
      correctedQuery: results.correctedQuery,
      capped: results.capped,
      facets: {
        subCategories: results.facets.subCategories,
        priceBands: results.facets.priceBands.map(priceBandInRupees),
        ratings: results.facets.ratings,
        inStock: results.facets.inStock,
      },
    }),
    suggestion: (s: Suggestion) => ({
      _id: s.id,
      id: s.id,
      name: s.name,
      images: s.image ? [s.image] : [],
      imageUrls: s.image ? [imageUrl(s.image)] : [],
      price: paiseToRupees(s.pricePaise),
    }),
    category: (c: Category) => ({
      _id: c.id,
      id: c.id,
      name: c.name,
      color: c.color,
      images: [...c.images],
      imageUrls: c.images.map(imageUrl),
      parentId: null,
      children: c.children.map((child) => ({ _id: child.id, id: child.id, name: child.name, parentId: child.parentId })),
    }),
    banner: (b: Banner) => ({
      _id: b.id,
      id: b.id,
      images: [...b.images],
      imageUrls: b.images.map(imageUrl),
      catId: b.catId,
      subCatId: b.subCatId,
    }),
    /** `Account` holds no secrets: all of it is the contract's `user`. */
    account: (user: Account) => ({ ...user, _id: user.id, images: [...user.images], imageUrls: user.images.map(imageUrl) }),
  };
}
