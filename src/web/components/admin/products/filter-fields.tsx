import type { Category } from "#domain/catalog/types.ts";
import { adminInput } from "../ui.tsx";

export interface CategoryChoice {
  id: string;
  name: string;
}

/** Every category and sub-category for a filter's select, sub-categories after their parent as "Parent › Child". */
export function categoryChoices(categories: readonly Pick<Category, "id" | "name" | "children">[]): CategoryChoice[] {
  return categories.flatMap((top) => [
    { id: top.id, name: top.name },
    ...top.children.map((child) => ({ id: child.id, name: `${top.name} › ${child.name}` })),
  ]);
}

interface FilterValues {
  q?: string | undefined;
  catId?: string | undefined;
  archived: "active" | "archived" | "all";
  inStock?: boolean | undefined;
  onSale?: boolean | undefined;
}

/** The product list's filter (search, category, status, in stock, discounted): the list and the export share it. */
export function ProductFilterFields({ query, categories }: { query: FilterValues; categories: CategoryChoice[] }) {
  return (
    <>
      <label className="text-sm font-medium text-gray-700">
        Search
        <input
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          placeholder="Name, brand, category or SKU"
          className={`${adminInput} mt-1`}
        />
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
          <option value="active">On sale</option>
          <option value="archived">Archived</option>
          <option value="all">All</option>
        </select>
      </label>
      <div className="flex flex-wrap items-center gap-3 text-sm text-gray-800">
        <label className="flex items-center gap-1">
          <input type="checkbox" name="inStock" value="1" defaultChecked={query.inStock === true} /> In stock
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" name="onSale" value="1" defaultChecked={query.onSale === true} /> Discounted
        </label>
      </div>
    </>
  );
}
