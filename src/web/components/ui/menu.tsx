import { createContext, useContext, useEffect, useId, useRef, useState } from "react";
import type { LinkProps } from "react-router";
import { Link } from "./link.tsx";

// A WAI-ARIA menu button (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/) of our own for the header's menus and
// the listing's per-page menu, instead of a UI kit's positioning layers (decision 010): CSS puts the menu under its button.
// Keys as in the pattern: arrows, Home and End move, ArrowRight and ArrowLeft open and close a submenu, Escape closes and
// returns focus to the button, Tab closes and moves on. Hover focuses items and opens submenus; a click outside closes.

const ITEM = '[role="menuitem"]';

interface MenuState {
  close: (focusTrigger: boolean) => void;
  openSub: string | null;
  setOpenSub: (id: string | null) => void;
}

const MenuContext = createContext<MenuState | null>(null);

function useMenu(): MenuState {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error("Menu items belong inside a <Menu>");
  return menu;
}

/** The items of the menu element `menu` itself (not those of its submenus). */
function ownItems(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>(ITEM)).filter((item) => item.closest('[role="menu"]') === menu);
}

/** Arrow keys, Home and End inside one menu element; true when the key was handled. */
function moveFocus(menu: HTMLElement, key: string): boolean {
  const items = ownItems(menu);
  const current = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next =
    key === "ArrowDown"
      ? current >= last
        ? 0
        : current + 1
      : key === "ArrowUp"
        ? current <= 0
          ? last
          : current - 1
        : key === "Home"
          ? 0
          : key === "End"
            ? last
            : null;
  if (next === null) return false;
  items[next]?.focus();
  return true;
}

export function Menu({
  label,
  triggerLabel,
  triggerClassName,
  menuLabel,
  align = "start",
  className,
  children,
}: {
  label: React.ReactNode;
  /** The button's accessible name when its content is not text (an avatar). */
  triggerLabel?: string | undefined;
  triggerClassName: string;
  /** The menu's accessible name (default: the button's). */
  menuLabel?: string | undefined;
  align?: "start" | "end";
  className: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [openSub, setOpenSub] = useState<string | null>(null);
  const focusOnOpen = useRef<"first" | "last">("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    setOpenSub(null);
    if (focusTrigger) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open || !menuRef.current) return;
    const items = ownItems(menuRef.current);
    (focusOnOpen.current === "first" ? items[0] : items.at(-1))?.focus();
    // A press anywhere outside the menu and its button closes it.
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setOpenSub(null);
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const openAt = (where: "first" | "last") => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  return (
    <MenuContext.Provider value={{ close, openSub, setOpenSub }}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape and Tab from the button or any item bubble here. */}
      <div
        ref={rootRef}
        className="relative"
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) {
            event.preventDefault();
            close(true);
          } else if (event.key === "Tab" && open) {
            // Focus goes back to the button before the menu goes, so Tab moves on from there (not from the top of
            // the page, where a removed element would leave it).
            triggerRef.current?.focus();
            close(false);
          }
        }}
      >
        <button
          ref={triggerRef}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          aria-label={triggerLabel}
          className={triggerClassName}
          onClick={() => (open ? close(false) : openAt("first"))}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              openAt(event.key === "ArrowDown" ? "first" : "last");
            }
          }}
        >
          {label}
        </button>
        {open ? (
          <div
            ref={menuRef}
            id={id}
            role="menu"
            aria-label={menuLabel ?? triggerLabel}
            className={`absolute top-full z-50 mt-1.5 ${align === "end" ? "right-0" : "left-0"} ${className}`}
            onKeyDown={(event) => {
              if (event.target instanceof HTMLElement && event.target.closest('[role="menu"]') !== event.currentTarget) {
                return;
              }
              if (moveFocus(event.currentTarget, event.key)) event.preventDefault();
            }}
          >
            {children}
          </div>
        ) : null}
      </div>
    </MenuContext.Provider>
  );
}

/** Props for an element that is one item of the open menu: pass them to a <Link> or <button>. */
export function useMenuItem(onSelect?: () => void) {
  const menu = useMenu();
  return {
    role: "menuitem",
    tabIndex: -1,
    onClick: () => {
      onSelect?.();
      menu.close(false);
    },
    onPointerMove: (event: React.PointerEvent<HTMLElement>) => {
      if (document.activeElement !== event.currentTarget) event.currentTarget.focus();
    },
    onFocus: () => menu.setOpenSub(null),
  } as const;
}

export function MenuLink(props: LinkProps) {
  const item = useMenuItem();
  return <Link {...props} {...item} />;
}

/** An item that opens a submenu to its side (ALL CATEGORIES → a category's sub-categories). */
export function SubMenu({
  label,
  icon,
  itemClassName,
  className,
  children,
}: {
  label: string;
  icon?: React.ReactNode;
  itemClassName: string;
  className: string;
  children: React.ReactNode;
}) {
  const menu = useMenu();
  const id = useId();
  const open = menu.openSub === id;
  const itemRef = useRef<HTMLButtonElement>(null);
  const subRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);

  useEffect(() => {
    if (open && focusFirst.current && subRef.current) {
      focusFirst.current = false;
      ownItems(subRef.current)[0]?.focus();
    }
  }, [open]);

  const openAndFocus = () => {
    focusFirst.current = true;
    menu.setOpenSub(id);
  };

  return (
    <div role="none" className="relative" onPointerEnter={() => menu.setOpenSub(id)}>
      <button
        ref={itemRef}
        type="button"
        role="menuitem"
        tabIndex={-1}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        className={itemClassName}
        onClick={openAndFocus}
        onPointerMove={(event) => {
          if (document.activeElement !== event.currentTarget) event.currentTarget.focus();
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") {
            event.preventDefault();
            openAndFocus();
          }
        }}
      >
        {label}
        {icon}
      </button>
      {open ? (
        <div
          ref={subRef}
          id={id}
          role="menu"
          aria-label={label}
          className={`absolute top-0 left-full z-50 pl-1 ${className}`}
          onKeyDown={(event) => {
            if (event.key === "ArrowLeft") {
              event.preventDefault();
              event.stopPropagation();
              menu.setOpenSub(null);
              itemRef.current?.focus();
            } else if (moveFocus(event.currentTarget, event.key)) {
              event.preventDefault();
              event.stopPropagation();
            }
          }}
        >
          {/* Focus on this submenu's items keeps it open. */}
          <MenuContext.Provider value={{ ...menu, setOpenSub: keepOpen }}>{children}</MenuContext.Provider>
        </div>
      ) : null}
    </div>
  );
}

const keepOpen = () => {};
