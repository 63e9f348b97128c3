import type { NavCategory } from "../../lib/root-data.ts";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";

/** Spec §1 marketing texts, shown above the footer on every page with chrome. */
const MARKETING = [
  { icon: "leaf", text: "Everyday fresh products" },
  { icon: "truck", text: "Free delivery for order over $70" },
  { icon: "badge-percent", text: "Daily Mega Discounts" },
  { icon: "tag", text: "Best price on the market" },
] as const;

/** TODO(owner): the real profile addresses; until then the networks' home pages, so no icon leads somewhere false. */
const SOCIAL = [
  {
    name: "Facebook",
    href: "https://www.facebook.com/",
    path: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V11H7v4h3v9h4v-9h3l.5-4H14V9c0-.6.4-1 1-1Z",
  },
  {
    name: "X",
    href: "https://x.com/",
    path: "M4 3h4.6l4.1 5.8L17.7 3H20l-6.2 7.2L21 21h-4.6l-4.5-6.3L6.4 21H4l6.9-8L4 3Zm3 1.5 10.3 15H19L8.7 4.5H7Z",
  },
  {
    name: "Instagram",
    href: "https://www.instagram.com/",
    path: "M7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2Zm0 2A3.5 3.5 0 0 0 4 7.5v9A3.5 3.5 0 0 0 7.5 20h9a3.5 3.5 0 0 0 3.5-3.5v-9A3.5 3.5 0 0 0 16.5 4h-9ZM12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm5.3-3.3a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z",
  },
] as const;

const FOOTER_COLUMNS = 5;
const LINKS_PER_COLUMN = 6;

/** Marketing strip, category link columns, copyright line and social icons (spec §2 "Other"). */
export function Footer({ categories }: { categories: NavCategory[] }) {
  return (
    <footer className="mt-12 border-t border-gray-200 bg-gray-50 text-sm">
      <ul aria-label="Why shop with us" className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-6 lg:grid-cols-4">
        {MARKETING.map(({ icon, text }) => (
          <li key={text} className="flex items-center gap-3 font-semibold text-gray-800">
            <Icon name={icon} size={28} className="shrink-0 text-brand-dark" />
            {text}
          </li>
        ))}
      </ul>
      <nav aria-label="Footer" className="border-t border-gray-200">
        <div className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 sm:grid-cols-3 lg:grid-cols-5">
          {categories.slice(0, FOOTER_COLUMNS).map((category) => (
            <div key={category.id}>
              <h2 className="mb-2 font-bold text-gray-900">
                <Link to={`/products/category/${category.id}`} className="hover:text-brand-dark">
                  {category.name}
                </Link>
              </h2>
              <ul className="flex flex-col gap-1.5">
                {category.children.slice(0, LINKS_PER_COLUMN).map((sub) => (
                  <li key={sub.id}>
                    <Link to={`/products/subCat/${sub.id}`} className="text-gray-700 hover:text-brand-dark">
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
      <div className="border-t border-gray-200">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-4 sm:flex-row">
          <p className="text-gray-700">© {new Date().getFullYear()} Storefront. All rights reserved.</p>
          <ul aria-label="Follow us" className="flex gap-2">
            {SOCIAL.map((network) => (
              <li key={network.name}>
                <a
                  href={network.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex size-9 items-center justify-center rounded-full bg-white text-gray-800 shadow-sm hover:bg-brand-dark hover:text-white"
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
                    <path d={network.path} />
                  </svg>
                  <span className="sr-only">Storefront on {network.name} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
