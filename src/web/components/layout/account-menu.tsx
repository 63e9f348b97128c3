import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useSubmit } from "react-router";
import type { HeaderUser } from "../../lib/root-data.ts";

const itemClass =
  "block w-full cursor-pointer rounded px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-red-50 data-[highlighted]:text-brand-dark";

export function Avatar({ user, size = 40 }: { user: HeaderUser; size?: number }) {
  const style = { width: size, height: size };
  if (user.image) {
    return (
      <img
        src={`/download/${user.image}`}
        alt=""
        width={size}
        height={size}
        style={style}
        className="rounded-full object-cover"
      />
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
  const submit = useSubmit();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={`Account menu for ${user.name}`} className="rounded-full">
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block font-semibold">{user.name}</span>
            <span className="block text-sm text-gray-600">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/my-account">My Account</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/orders">Orders</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/my-list">My List</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          {/* Submitted from onSelect: the menu unmounts as an item is chosen, and a submit button taken out of the
                page mid-click submits nothing. */}
          <DropdownMenu.Item className={itemClass} onSelect={() => void submit(null, { method: "post", action: "/logout" })}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
