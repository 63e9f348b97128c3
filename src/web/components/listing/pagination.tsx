import { useSearchParams } from "react-router";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { withParams } from "./listing-url.ts";

/** Page numbers to show: first, last, and the current page with its neighbours; null marks a gap. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const page of sorted) {
    const previous = result.at(-1);
    if (typeof previous === "number" && page - previous > 1) result.push(null);
    result.push(page);
  }
  return result;
}

export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const [search] = useSearchParams();
  if (totalPages <= 1) return null;
  const itemClass =
    "flex h-9 min-w-9 items-center justify-center rounded-full px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark";
  const href = (target: number) => withParams(search, { page: target });
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} aria-label="Previous page" className={`${itemClass} hover:bg-gray-100`}>
              <Icon name="chevron-left" size={18} />
            </Link>
          ) : null}
        </li>
        {pageWindow(page, totalPages).map((target, index) =>
          target === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-gray-600">
              …
            </li>
          ) : (
            <li key={target}>
              <Link
                to={href(target)}
                aria-label={`Page ${target}`}
                aria-current={target === page ? "page" : undefined}
                className={`${itemClass} ${target === page ? "bg-brand-dark font-semibold text-white" : "hover:bg-gray-100"}`}
              >
                {target}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={href(page + 1)} aria-label="Next page" className={`${itemClass} hover:bg-gray-100`}>
              <Icon name="chevron-right" size={18} />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
