import { isRouteErrorResponse, Link, NavLink } from "react-router";
import { pageMessages } from "#shared/messages/shop.ts";

// The back office's shared pieces, in the storefront's design language (brand colours, Tailwind).

export const adminButton =
  "inline-flex items-center justify-center rounded bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-red-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark disabled:cursor-not-allowed disabled:opacity-60";
export const adminSecondaryButton =
  "inline-flex items-center justify-center rounded border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark disabled:cursor-not-allowed disabled:opacity-60";
export const adminDangerButton =
  "inline-flex items-center justify-center rounded border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";
export const adminInput =
  "w-full rounded border border-gray-300 px-3 py-2 text-sm text-gray-900 focus:border-brand-dark focus:ring-2 focus:ring-brand-dark/30 focus:outline-none";
export const adminTable = "w-full border-collapse text-left text-sm";
export const adminTh = "border-b border-gray-200 bg-gray-50 px-3 py-2 font-semibold text-gray-700";
export const adminTd = "border-b border-gray-100 px-3 py-2 align-top text-gray-900";

/** Every back-office page in the menu; `owner`: shown to the owner only (the pages check it themselves). */
const NAV = [
  { to: "/admin", label: "Overview", end: true, owner: false },
  { to: "/admin/orders", label: "Orders", end: false, owner: false },
  { to: "/admin/customers", label: "Customers", end: false, owner: false },
  { to: "/admin/products", label: "Products", end: false, owner: false },
  { to: "/admin/pictures", label: "Pictures", end: false, owner: false },
  { to: "/admin/import", label: "Import / export", end: false, owner: false },
  { to: "/admin/categories", label: "Categories", end: false, owner: false },
  { to: "/admin/banners", label: "Banners", end: false, owner: false },
  { to: "/admin/reviews", label: "Reviews", end: false, owner: false },
  { to: "/admin/search-synonyms", label: "Search synonyms", end: false, owner: true },
  { to: "/admin/audit", label: "Audit log", end: false, owner: true },
  { to: "/admin/staff", label: "Staff", end: false, owner: true },
  { to: "/admin/settings", label: "Settings", end: false, owner: true },
];

/** The back office's frame: a skip link, the navigation (a row on a phone, a column from `md`), the page; printed, the page alone. */
export function AdminShell({ role, email, children }: { role: "owner" | "staff"; email: string; children: React.ReactNode }) {
  const links = NAV.filter((item) => !item.owner || role === "owner");
  return (
    <div className="min-h-screen bg-gray-100 print:min-h-0 print:bg-white">
      <a
        href="#main-content"
        className="sr-only print:hidden focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="flex flex-wrap items-center justify-between gap-2 bg-brand-dark px-4 py-3 text-white print:hidden">
        <a href="/admin" className="text-lg font-extrabold tracking-tight">
          Storefront <span className="font-normal">back office</span>
        </a>
        <div className="flex items-center gap-4 text-sm">
          <span>
            {email} <span className="rounded bg-white px-1.5 py-0.5 text-xs font-semibold text-brand-dark uppercase">{role}</span>
          </span>
          <a href="/" className="underline-offset-2 hover:underline">
            View shop
          </a>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col md:flex-row print:block print:max-w-none">
        <nav
          aria-label="Back office"
          className="print:hidden border-b border-gray-200 bg-white md:min-h-[calc(100vh-52px)] md:w-52 md:border-r md:border-b-0"
        >
          <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    `block rounded px-3 py-2 text-sm whitespace-nowrap ${isActive ? "bg-red-50 font-semibold text-brand-dark" : "text-gray-800 hover:bg-gray-100"}`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main-content" className="min-w-0 flex-1 p-4 md:p-6 print:p-0">
          {children}
        </main>
      </div>
    </div>
  );
}

export function PageTitle({ children, actions }: { children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-xl font-bold text-gray-900">{children}</h1>
      {actions}
    </div>
  );
}

export function Panel({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <section className="mb-4 rounded-lg bg-white p-4 shadow-sm">
      {title && <h2 className="mb-3 text-base font-semibold text-gray-900">{title}</h2>}
      {children}
    </section>
  );
}

/** A keyset list's way on: links to the pages before and after (each null at its end). */
export function Pager({
  previous,
  next,
  previousLabel = "Previous",
}: {
  previous: string | null;
  next: string | null;
  previousLabel?: string;
}) {
  return (
    <nav aria-label="Pages" className="mt-3 flex gap-3 text-sm">
      {previous && (
        <Link to={previous} className={adminSecondaryButton}>
          {previousLabel}
        </Link>
      )}
      {next && (
        <Link to={next} className={adminSecondaryButton}>
          Next
        </Link>
      )}
    </nav>
  );
}

/** A wide table that scrolls sideways on a phone; keyboard users can focus it to scroll (axe: scrollable-region-focusable). */
export function TableScroller({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled.
    <section aria-label={label} tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-dark">
      {children}
    </section>
  );
}

/** A route's error inside the back office's frame: its own "not found" for a 404, with the way back. */
export function AdminRouteError({
  error,
  missing,
  back,
}: {
  error: unknown;
  missing: string;
  back: { to: string; label: string };
}) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageTitle>{notFound ? missing : pageMessages.failed}</PageTitle>
      <p className="text-sm">
        <Link to={back.to} className="underline">
          {back.label}
        </Link>
      </p>
    </>
  );
}
