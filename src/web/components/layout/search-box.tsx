import { Search } from "lucide-react";
import { Form, useSearchParams } from "react-router";

export const SEARCH_INPUT_ID = "site-search";

/**
 * The header's search box: a GET form to /search?q= that refuses an empty query.
 * TODO(search issue): dropdown suggestions as the shopper types (spec §2, names cut to 50 characters).
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/search" role="search" className={`flex ${className}`}>
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        Search for products
      </label>
      <input
        id={SEARCH_INPUT_ID}
        name="q"
        type="search"
        required
        pattern=".*\S.*"
        title="Type what you are looking for"
        defaultValue={params.get("q") ?? ""}
        placeholder="Search for products..."
        className="min-w-0 flex-1 rounded-l-lg border border-r-0 border-gray-300 bg-gray-50 px-3 py-2"
      />
      <button
        type="submit"
        aria-label="Search"
        className="flex items-center justify-center rounded-r-lg bg-brand-dark px-4 text-white hover:bg-brand"
      >
        <Search size={18} aria-hidden="true" />
      </button>
    </Form>
  );
}
