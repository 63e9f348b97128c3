import type { NavCategory } from "../../lib/root-data.ts";
import { Icon } from "../ui/icon.tsx";
import { Menu, MenuLink, SubMenu } from "../ui/menu.tsx";

const itemClass =
  "flex w-full cursor-pointer items-center justify-between gap-4 rounded px-3 py-2 text-left text-sm outline-none focus:bg-red-50 focus:text-brand-dark";
const panelClass = "min-w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg";

/** ALL CATEGORIES: every category, with its sub-categories in a submenu (spec §2 Header). Keyboard: see ui/menu.tsx. */
export function CategoryMenu({ categories }: { categories: NavCategory[] }) {
  return (
    <Menu
      label={
        <>
          <Icon name="menu" size={18} />
          ALL CATEGORIES
          <Icon name="chevron-down" size={16} />
        </>
      }
      menuLabel="All categories"
      triggerClassName="flex items-center gap-2 rounded-full bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-brand"
      className={panelClass}
    >
      {categories.map((category) =>
        category.children.length === 0 ? (
          <MenuLink key={category.id} to={`/products/category/${category.id}`} className={itemClass}>
            {category.name}
          </MenuLink>
        ) : (
          <SubMenu
            key={category.id}
            label={category.name}
            icon={<Icon name="chevron-right" size={16} />}
            itemClassName={itemClass}
            className={panelClass}
          >
            <MenuLink to={`/products/category/${category.id}`} className={`${itemClass} font-semibold`}>
              All {category.name}
            </MenuLink>
            {category.children.map((sub) => (
              <MenuLink key={sub.id} to={`/products/subCat/${sub.id}`} className={itemClass}>
                {sub.name}
              </MenuLink>
            ))}
          </SubMenu>
        ),
      )}
    </Menu>
  );
}
