import { type RouterContextProvider, redirect } from "react-router";
import { categoriesContext, pageReadsContext, requestInfoContext, servicesContext } from "#app-context";
import { safeRedirectPath } from "#shared/schemas/accounts.ts";
import { idParam } from "#shared/schemas/catalog.ts";
import { settledWhenAnonymous } from "../../lib/deferred.server.ts";
import { notFoundResponse, orNotFound } from "../../lib/not-found.server.ts";
import { toProductCardData } from "../product/product-data.server.ts";
import { type ListingData, toResults, toSideBanners } from "./listing-data.ts";
import { parseListingQuery, toProductFilter } from "./listing-query.ts";

const FEATURED_COUNT = 6;

/**
 * The loader of `/products/category/:id` and `/products/subCat/:id`: an id of the other kind redirects to its own
 * listing, an unknown one is a 404; featured products and side banners stream after the page.
 */
export async function loadListing({
  kind,
  params,
  request,
  context,
}: {
  kind: "category" | "subCat";
  params: { id?: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<ListingData> {
  const id = idParam("id").safeParse(params.id);
  if (!id.success) throw notFoundResponse();
  const { catalog } = context.get(servicesContext);
  // The same for every shopper: kept for the micro-cache's second, so signed-in shoppers share them (decision 040).
  const pageReads = context.get(pageReadsContext);
  const url = new URL(request.url);
  const category = await orNotFound(pageReads.read(`/products/category/${id.data}`, () => catalog.getCategory(id.data)));
  const isSubCategory = category.parentId !== null;
  if (isSubCategory !== (kind === "subCat")) {
    // The query is the visitor's: through the one redirect check, which drops it when it is too long for a header.
    const path = `/products/${isSubCategory ? "subCat" : "category"}/${category.id}`;
    throw redirect(safeRedirectPath(`${path}${url.search}`, path), 301);
  }

  const query = parseListingQuery(url.searchParams);
  const location = context.get(requestInfoContext).location;
  const catId = category.parentId ?? category.id;
  const scope = isSubCategory ? { subCatId: category.id } : { catId: category.id };
  const filter = { ...scope, ...toProductFilter(query), location };
  // A page number past what a filtered list serves (an edited URL) shows its last page, never an error page.
  const shown = { ...filter, page: Math.min(filter.page, catalog.lastServedPage(filter)) };
  const [categories, page] = await Promise.all([
    context.get(categoriesContext)(),
    pageReads.read(`/products/category/${catId}?products=${JSON.stringify(shown)}`, () => catalog.listProducts(shown)),
  ]);
  const parent = categories.find((candidate) => candidate.id === catId);

  return settledWhenAnonymous(context, {
    title: category.name,
    query,
    ...toResults(page),
    subCategoryGroups: parent
      ? [{ all: { id: parent.id, name: `All ${parent.name}` }, items: parent.children.map(({ id, name }) => ({ id, name })) }]
      : [],
    selectedSubCategory: category.id,
    featured: pageReads
      .read(`/products/category/${catId}?featured&location=${location ?? ""}`, () =>
        catalog.listProducts({ catId, featured: true, location, page: 1, perPage: FEATURED_COUNT }),
      )
      .then((featured) => featured.items.map(toProductCardData)),
    banners: pageReads
      .read("/?banners=side", () => catalog.listBanners("side"))
      .then((banners) => toSideBanners(banners, categories)),
  });
}
