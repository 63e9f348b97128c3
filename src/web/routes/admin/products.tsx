import { Form, Link } from "react-router";
import { servicesContext } from "#app-context";
import { formatRupees } from "#shared/money.ts";
import { productListQuery } from "#shared/schemas/back-office-products.ts";
import { FormError } from "../../components/account/form-message.tsx";
import { categoryChoices, ProductFilterFields } from "../../components/admin/products/filter-fields.tsx";
import {
  adminButton,
  adminInput,
  adminSecondaryButton,
  adminTable,
  adminTd,
  adminTh,
  Pager,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { attempt } from "../../lib/actions.server.ts";
import { requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/products.ts";

/** Products: search (the shop's), filters, sort, keyset pages; rows picked for bulk edits (issue 33, item 3). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const services = args.context.get(servicesContext);
  const url = new URL(args.request.url);
  const query = productListQuery.parse(Object.fromEntries(url.searchParams));
  const [categories, page] = await Promise.all([
    services.catalog.listCategories(),
    attempt(() => services.productAdmin.list(query)),
  ]);
  // The filters without the cursor: kept by the paging links and passed to the bulk page with `all=1`.
  const filters = new URLSearchParams();
  for (const name of ["q", "catId", "archived", "sort"] as const) {
    const value = query[name];
    if (value) filters.set(name, value);
  }
  if (query.inStock) filters.set("inStock", "1");
  if (query.onSale) filters.set("onSale", "1");
  const link = (cursor: "after" | "before", id: string | null) =>
    id ? `?${new URLSearchParams([...filters, [cursor, id]])}` : null;
  const rows = page.ok
    ? page.value.items.map((product) => ({
        id: product.id,
        name: product.name,
        sku: product.sku,
        image: product.images[0] ?? null,
        category: product.subCatName ? `${product.catName} › ${product.subCatName}` : product.catName,
        price: formatRupees(product.pricePaise),
        oldPrice: product.oldPricePaise === null ? null : formatRupees(product.oldPricePaise),
        stock: product.countInStock,
        archived: product.archivedAt !== null,
      }))
    : [];
  return {
    query,
    filterEntries: [...filters].filter(([name]) => name !== "sort"),
    categories: categoryChoices(categories),
    rows,
    error: page.ok ? null : page.response.data.error,
    next: page.ok ? link("after", page.value.next) : null,
    previous: page.ok ? link("before", page.value.previous) : null,
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Products | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, categories, rows, next, previous, filterEntries, error } = loaderData;
  return (
    <>
      <PageTitle
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={`/admin/export?${new URLSearchParams(filterEntries)}`} className={adminSecondaryButton}>
              Export these as CSV
            </Link>
            <Link to="/admin/products/new" className={adminButton}>
              New product
            </Link>
          </div>
        }
      >
        Products
      </PageTitle>
      <FormError message={error} />
      <Panel>
        <Form method="get" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-[2fr_1.5fr_1fr_auto_1fr_auto] lg:items-end">
          <ProductFilterFields query={query} categories={categories} />
          <label className="text-sm font-medium text-gray-700">
            Sort
            <select name="sort" defaultValue={query.sort} className={`${adminInput} mt-1`}>
              <option value="newest">Newest</option>
              <option value="name">Name</option>
              <option value="price">Price</option>
              <option value="stock">Stock</option>
            </select>
          </label>
          <button type="submit" className={adminSecondaryButton}>
            Apply
          </button>
        </Form>
      </Panel>
      <Panel>
        <Form method="get" action="/admin/products/bulk">
          {filterEntries.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="mb-3 flex flex-wrap gap-2">
            <button type="submit" className={adminSecondaryButton}>
              Edit selected
            </button>
            <button type="submit" name="all" value="1" className={adminSecondaryButton}>
              Edit all that match the filter
            </button>
          </div>
          <TableScroller label="Products">
            <table className={adminTable}>
              <thead>
                <tr>
                  <th className={adminTh}>
                    <span className="sr-only">Select</span>
                  </th>
                  <th className={adminTh}>Product</th>
                  <th className={adminTh}>SKU</th>
                  <th className={adminTh}>Category</th>
                  <th className={adminTh}>Price</th>
                  <th className={adminTh}>Stock</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && (
                  <tr>
                    <td className={adminTd} colSpan={6}>
                      No products match.
                    </td>
                  </tr>
                )}
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className={adminTd}>
                      <input type="checkbox" name="ids" value={row.id} aria-label={`Select ${row.name}`} className="h-4 w-4" />
                    </td>
                    <td className={adminTd}>
                      <div className="flex items-center gap-2">
                        {row.image ? (
                          <img
                            src={`/download/${encodeURIComponent(row.image)}?w=160`}
                            alt=""
                            width={40}
                            height={40}
                            loading="lazy"
                            className="h-10 w-10 rounded object-cover"
                          />
                        ) : (
                          <span className="h-10 w-10 rounded bg-gray-100" />
                        )}
                        <Link
                          to={`/admin/products/${row.id}`}
                          className="font-medium text-brand-dark underline-offset-2 hover:underline"
                        >
                          {row.name}
                        </Link>
                        {row.archived && (
                          <span className="rounded bg-gray-200 px-1.5 py-0.5 text-xs text-gray-800">Archived</span>
                        )}
                      </div>
                    </td>
                    <td className={adminTd}>{row.sku}</td>
                    <td className={adminTd}>{row.category}</td>
                    <td className={adminTd}>
                      {row.price}
                      {row.oldPrice && <span className="ml-1 text-xs text-gray-600 line-through">{row.oldPrice}</span>}
                    </td>
                    <td className={adminTd}>{row.stock}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        </Form>
        <Pager previous={previous} next={next} />
      </Panel>
    </>
  );
}
