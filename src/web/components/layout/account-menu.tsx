import { useSubmit } from "react-router";
import { imageUrl } from "#shared/images.ts";
import type { HeaderUser } from "../../lib/root-data.ts";
import { Menu, MenuLink, useMenuItem } from "../ui/menu.tsx";

const itemClass =
  "block w-full cursor-pointer rounded px-3 py-2 text-left text-sm outline-none focus:bg-red-50 focus:text-brand-dark";

export function Avatar({ user, size = 40 }: { user: HeaderUser; size?: number }) {
  const style = { width: size, height: size };
  if (user.image) {
    return (
      <img src={imageUrl(user.image)} alt="" width={size} height={size} style={style} className="rounded-full object-cover" />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={style}
      className="flex items-center justify-center rounded-full bg-brand-dark font-semibold text-white uppercase"
    >
      {user.name.trim().charAt(0) || "?"}
    </span>
  );
}

/** The signed-in shopper's menu (spec §2 Header): name, e-mail, My Account, Orders, My List, Logout. */
export function AccountMenu({ user }: { user: HeaderUser }) {
  return (
    <Menu
      label={<Avatar user={user} />}
      triggerLabel={`Account menu for ${user.name}`}
      triggerClassName="block rounded-full"
      align="end"
      className="min-w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
    >
      <div role="none" className="px-3 py-2">
        <span className="block font-semibold">{user.name}</span>
        <span className="block text-sm text-gray-600">{user.email}</span>
      </div>
      <hr className="my-1 border-gray-200" />
      <MenuLink to="/my-account" className={itemClass}>
        My Account
      </MenuLink>
      <MenuLink to="/orders" className={itemClass}>
        Orders
      </MenuLink>
      <MenuLink to="/my-list" className={itemClass}>
        My List
      </MenuLink>
      <hr className="my-1 border-gray-200" />
      <LogoutItem />
    </Menu>
  );
}

function LogoutItem() {
  const submit = useSubmit();
  const item = useMenuItem(() => void submit(null, { method: "post", action: "/logout" }));
  return (
    <button type="button" className={itemClass} {...item}>
      Logout
    </button>
  );
}
