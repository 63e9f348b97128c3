import { Form } from "react-router";
import { servicesContext } from "#app-context";
import { exportQuery } from "#shared/schemas/back-office-bulk.ts";
import { adminButton, adminInput, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/export.ts";

/** Export the catalogue as CSV (issue 33, item 6): the whole catalogue, or the products matching a filter. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const query = exportQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const categories = await args.context.get(servicesContext).catalog.listCategories();
  return {
    query,
    categories: categories.flatMap((top) => [
      { id: top.id, name: top.name },
      ...top.children.map((child) => ({ id: child.id, name: `${top.name} › ${child.name}` })),
    ]),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Export | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Export({ loaderData }: Route.ComponentProps) {
  const { query, categories } = loaderData;
  return (
    <>
      <PageTitle>Export products</PageTitle>
      <Panel title="Download the catalogue as CSV">
        <p className="mb-3 text-sm text-gray-800">
          Every field of every product, with options and pictures by file name; spreadsheets open it as it is. The download starts
          at once and your browser shows its progress, however large the catalogue.
        </p>
        <Form
          method="get"
          action="/api/admin/products/export"
          reloadDocument
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        >
          <label className="text-sm font-medium text-gray-700">
            Search
            <input name="q" type="search" defaultValue={query.q ?? ""} className={`${adminInput} mt-1`} />
          </label>
          <label className="text-sm font-medium text-gray-700">
            Category
            <select name="catId" defaultValue={query.catId ?? ""} className={`${adminInput} mt-1`}>
              <option value="">All</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-gray-700">
            Status
            <select name="archived" defaultValue={query.archived} className={`${adminInput} mt-1`}>
              <option value="all">All</option>
              <option value="active">On sale</option>
              <option value="archived">Archived</option>
            </select>
          </label>
          <button type="submit" className={adminButton}>
            Download CSV
          </button>
        </Form>
      </Panel>
    </>
  );
}
