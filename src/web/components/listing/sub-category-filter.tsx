import * as RadioGroup from "@radix-ui/react-radio-group";
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
      <RadioGroup.Root
        aria-labelledby={`${id}-heading`}
        value={selected}
        onValueChange={(value) => navigate(hrefFor(value), { preventScrollReset: true })}
        className="flex max-h-80 flex-col gap-1 overflow-y-auto pr-1"
      >
        {groups.map((group) => (
          <div key={group.name ?? group.all?.id ?? "group"} className="flex flex-col gap-1">
            {group.name ? <p className="mt-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">{group.name}</p> : null}
            {[...(group.all ? [group.all] : []), ...group.items].map((item) => (
              <div key={item.id} className="flex items-center gap-2 py-0.5 text-sm">
                <RadioGroup.Item
                  id={`${id}-${item.id}`}
                  value={item.id}
                  className="flex size-4 shrink-0 items-center justify-center rounded-full border border-gray-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark data-[state=checked]:border-brand-dark"
                >
                  <RadioGroup.Indicator className="size-2 rounded-full bg-brand-dark" />
                </RadioGroup.Item>
                <label htmlFor={`${id}-${item.id}`} className="cursor-pointer">
                  {item.name}
                </label>
              </div>
            ))}
          </div>
        ))}
      </RadioGroup.Root>
    </section>
  );
}
