import { Form } from "react-router";
import { servicesContext } from "#app-context";
import { exportQuery } from "#shared/schemas/back-office-bulk.ts";
import { categoryChoices, ProductFilterFields } from "../../components/admin/products/filter-fields.tsx";
import { adminButton, PageTitle, Panel } from "../../components/admin/ui.tsx";
import { requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/export.ts";

/** Export the catalogue as CSV (issue 33, item 6): the whole catalogue, or the products matching a filter. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const query = exportQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const categories = await args.context.get(servicesContext).catalog.listCategories();
  return {
    query,
    categories: categoryChoices(categories),
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
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        >
          <ProductFilterFields query={query} categories={categories} />
          <button type="submit" className={adminButton}>
            Download CSV
          </button>
        </Form>
      </Panel>
    </>
  );
}
