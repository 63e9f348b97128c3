import { data } from "react-router";
import { requestInfoContext, servicesContext } from "#app-context";
import { catalogMessages } from "#shared/messages/shop.ts";
import { hasControlCharacters } from "#shared/schemas/text.ts";
import { POPULAR_PRODUCTS_COUNT, type PopularProductsData } from "../components/home/home-data.ts";
import { toProductCardData } from "../components/product/product-data.server.ts";
import type { Route } from "./+types/home-products.ts";

/**
 * Resource route for the home page's Popular Products tabs: `/home-products?cat={category name}` gives that category's
 * products (spec §2: "picking a tab loads that category's products by name"), in the shopper's location.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<PopularProductsData> {
  const catName = new URL(request.url).searchParams.get("cat")?.trim() ?? "";
  if (catName === "" || catName.length > 100) throw data(catalogMessages.categoryNameRequired, { status: 400 });
  if (hasControlCharacters(catName)) throw data(catalogMessages.categoryNameControlCharacters, { status: 400 });
  const { catalog } = context.get(servicesContext);
  const page = await catalog.listProducts({
    catName,
    location: context.get(requestInfoContext).location,
    page: 1,
    perPage: POPULAR_PRODUCTS_COUNT,
  });
  return { catName, products: page.items.map(toProductCardData) };
}
