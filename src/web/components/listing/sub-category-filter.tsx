import { useId } from "react";
import { useNavigate } from "react-router";
import type { SubCategoryGroup } from "./listing-data.ts";

/** Sub-category radios; choosing one navigates (to /products/subCat/{id} on a listing, to a filtered search). */
export function SubCategoryFilter({
  groups,
  selected,
  hrefFor,
}: {
  groups: SubCategoryGroup[];
  selected: string;
  hrefFor: (value: string) => string;
}) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-2 font-semibold">
        Product categories
      </h2>
      {/* Native radios sharing a name: arrow keys move through all groups, choosing as they go. */}
      <div role="radiogroup" aria-labelledby={`${id}-heading`} className="flex max-h-80 flex-col gap-1 overflow-y-auto pr-1">
        {groups.map((group) => (
          <div key={group.name ?? group.all?.id ?? "group"} className="flex flex-col gap-1">
            {group.name ? <p className="mt-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">{group.name}</p> : null}
            {[...(group.all ? [group.all] : []), ...group.items].map((item) => (
              <div key={item.id} className="flex items-center gap-2 py-0.5 text-sm">
                <span className="relative flex size-4 shrink-0 items-center justify-center">
                  <input
                    type="radio"
                    id={`${id}-${item.id}`}
                    name={`${id}-sub-category`}
                    value={item.id}
                    checked={item.id === selected}
                    onChange={() => navigate(hrefFor(item.id), { preventScrollReset: true })}
                    className="peer absolute inset-0 m-0 cursor-pointer appearance-none rounded-full border border-gray-500 checked:border-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark"
                  />
                  <span className="pointer-events-none hidden size-2 rounded-full bg-brand-dark peer-checked:block" />
                </span>
                <label htmlFor={`${id}-${item.id}`} className="cursor-pointer">
                  {item.name}
                  {typeof item.count === "number" ? <span className="text-gray-600"> ({item.count})</span> : null}
                </label>
              </div>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
