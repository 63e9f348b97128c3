import { Link } from "react-router";
import { servicesContext } from "#app-context";
import { NEW_PRODUCTS_PER_PAGE } from "#shared/constants.ts";
import { ProductCard } from "../components/product/product-card.tsx";
import type { Route } from "./+types/home.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const [categories, newProducts] = await Promise.all([
    catalog.listCategories(),
    catalog.listProducts({ page: 1, perPage: NEW_PRODUCTS_PER_PAGE }),
  ]);
  return {
    categories: categories.map(({ id, name, color }) => ({ id, name, color })),
    newProducts: newProducts.items.map(
      ({ id, name, brand, images, pricePaise, oldPricePaise, discount, rating, countInStock }) => ({
        id,
        name,
        brand,
        images: images.slice(0, 2),
        pricePaise,
        oldPricePaise,
        discount,
        rating,
        countInStock,
      }),
    ),
  };
}

export function meta() {
  return [
    { title: "Storefront | Fresh products, daily mega discounts" },
    { name: "description", content: "Shop fashion, electronics, groceries and more with free delivery on orders over $70." },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, newProducts } = loaderData;
  return (
    <>
      <header className="border-b border-gray-200">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4">
          <Link to="/" className="text-2xl font-bold text-brand-dark">
            Storefront
          </Link>
        </div>
        <nav aria-label="Categories" className="mx-auto max-w-7xl overflow-x-auto px-4 pb-3">
          <ul className="flex gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`/products/category/${category.id}`}
                  className="block rounded-full px-4 py-1.5 text-sm font-medium whitespace-nowrap"
                  style={{ backgroundColor: category.color }}
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8">
        <h1 className="sr-only">Storefront</h1>
        <section aria-labelledby="new-products">
          <h2 id="new-products" className="mb-4 text-xl font-bold">
            NEW PRODUCTS
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {newProducts.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-t border-gray-200 py-6 text-center text-sm text-gray-600">
        © {new Date().getFullYear()} Storefront. All rights reserved.
      </footer>
    </>
  );
}
