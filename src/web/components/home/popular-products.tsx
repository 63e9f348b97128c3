import { Suspense, useEffect, useState } from "react";
import { Await, useFetcher } from "react-router";
import { pageMessages } from "#shared/messages/shop.ts";
import type { ProductCardData } from "../product/product-data.ts";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { POPULAR_PRODUCTS_COUNT, type PopularProductsData } from "./home-data.ts";
import { ProductGrid, ProductGridSkeleton } from "./product-grid.tsx";

const SKELETON_COUNT = POPULAR_PRODUCTS_COUNT;

/** The first tab is server-rendered (streamed); another tab loads its products from /home-products, once. */
export function PopularProducts({
  categories,
  first,
}: {
  categories: { id: string; name: string }[];
  first: Promise<ProductCardData[]>;
}) {
  const [tab, setTab] = useState(categories[0]?.name ?? "");
  const [loaded, setLoaded] = useState<Record<string, ProductCardData[]>>({});
  const fetcher = useFetcher<PopularProductsData>();

  useEffect(() => {
    const result = fetcher.data;
    if (result) setLoaded((current) => ({ ...current, [result.catName]: result.products }));
  }, [fetcher.data]);

  function select(name: string) {
    setTab(name);
    if (name !== categories[0]?.name && !loaded[name]) fetcher.load(`/home-products?cat=${encodeURIComponent(name)}`);
  }

  return (
    <section aria-labelledby="popular-products">
      <Tabs value={tab} onValueChange={select} activation="manual">
        <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <h2 id="popular-products" className="text-xl font-bold">
              POPULAR PRODUCTS
            </h2>
            <p className="text-sm text-gray-600">Do not miss the current offers until the end of March.</p>
          </div>
          <TabList aria-label="Popular products by category" className="flex gap-1 overflow-x-auto pb-1">
            {categories.map((category) => (
              <Tab
                key={category.id}
                value={category.name}
                className="rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-gray-700 uppercase hover:text-brand-dark aria-selected:bg-brand-dark aria-selected:text-white"
              >
                {category.name}
              </Tab>
            ))}
          </TabList>
        </div>
        {categories.map((category, index) => (
          <TabPanel key={category.id} value={category.name}>
            {index === 0 ? (
              <Suspense fallback={<ProductGridSkeleton count={SKELETON_COUNT} />}>
                <Await resolve={first} errorElement={<LoadFailed />}>
                  {(products) => <ProductGrid products={products} />}
                </Await>
              </Suspense>
            ) : loaded[category.name] ? (
              <ProductGrid products={loaded[category.name] ?? []} />
            ) : fetcher.state !== "idle" ? (
              <ProductGridSkeleton count={SKELETON_COUNT} />
            ) : (
              <LoadFailed />
            )}
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}

export function LoadFailed() {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-4 text-center text-brand-dark">
      {pageMessages.productsNotLoaded}
    </p>
  );
}
