import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, ChevronRight, Menu } from "lucide-react";
import { Link } from "react-router";
import type { NavCategory } from "../../lib/root-data.ts";

const itemClass =
  "flex cursor-pointer items-center justify-between gap-4 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-red-50 data-[highlighted]:text-brand-dark";
const panelClass = "z-50 min-w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg";

/** ALL CATEGORIES: every category, with its sub-categories in a submenu (spec §2 Header). Keyboard: Radix menu. */
export function CategoryMenu({ categories }: { categories: NavCategory[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-brand">
        <Menu size={18} aria-hidden="true" />
        ALL CATEGORIES
        <ChevronDown size={16} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={6} className={panelClass}>
          {categories.map((category) =>
            category.children.length === 0 ? (
              <DropdownMenu.Item key={category.id} asChild className={itemClass}>
                <Link to={`/products/category/${category.id}`}>{category.name}</Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Sub key={category.id}>
                <DropdownMenu.SubTrigger className={itemClass}>
                  {category.name}
                  <ChevronRight size={16} aria-hidden="true" />
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent sideOffset={4} className={panelClass}>
                    <DropdownMenu.Item asChild className={`${itemClass} font-semibold`}>
                      <Link to={`/products/category/${category.id}`}>All {category.name}</Link>
                    </DropdownMenu.Item>
                    {category.children.map((sub) => (
                      <DropdownMenu.Item key={sub.id} asChild className={itemClass}>
                        <Link to={`/products/subCat/${sub.id}`}>{sub.name}</Link>
                      </DropdownMenu.Item>
                    ))}
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
