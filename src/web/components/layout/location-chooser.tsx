import { useId, useState } from "react";
import { Form } from "react-router";
import { DEFAULT_LOCATION } from "#shared/constants.ts";
import { type Country, filterCountries } from "#shared/country-filter.ts";
import { Icon } from "../ui/icon.tsx";

/**
 * Shared by the header's dialog and the /location page (spec §2). Each choice submits one POST form to /location and
 * the search falls back to a GET /location?q=, so both work without JavaScript.
 */
export function LocationChooser({
  countries,
  current,
  initialQuery = "",
  loading = false,
  onChoose,
}: {
  countries: readonly Country[];
  current: string | null;
  initialQuery?: string;
  loading?: boolean;
  onChoose?: () => void;
}) {
  const [query, setQuery] = useState(initialQuery);
  const inputId = useId();
  const shown = filterCountries(countries, query);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <search>
        <form method="get" action="/location" onSubmit={(event) => event.preventDefault()} className="flex">
          <label htmlFor={inputId} className="sr-only">
            Search your area
          </label>
          <input
            id={inputId}
            name="q"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search your area..."
            autoComplete="off"
            className="w-full rounded border border-gray-300 px-3 py-2"
          />
        </form>
      </search>
      <Form method="post" action="/location" onSubmit={onChoose} className="min-h-0 flex-1 overflow-y-auto">
        <ul aria-label="Locations" className="flex flex-col gap-1" aria-busy={loading}>
          <li>
            <Choice value={DEFAULT_LOCATION} label={DEFAULT_LOCATION} selected={current === null} />
          </li>
          {shown.map((entry) => (
            <li key={entry.iso2}>
              <Choice value={entry.country} label={entry.country} selected={current === entry.country} />
            </li>
          ))}
        </ul>
        {loading ? (
          <p role="status" className="py-3 text-center text-sm text-gray-600">
            Loading countries...
          </p>
        ) : shown.length === 0 ? (
          <p role="status" className="py-3 text-center text-sm text-gray-600">
            No country matches “{query.trim()}”.
          </p>
        ) : null}
      </Form>
    </div>
  );
}

function Choice({ value, label, selected }: { value: string; label: string; selected: boolean }) {
  return (
    <button
      type="submit"
      name="location"
      value={value}
      aria-current={selected ? "true" : undefined}
      className={`flex w-full items-center justify-between rounded px-3 py-2 text-left hover:bg-gray-100 ${
        selected ? "bg-red-50 font-semibold text-brand-dark" : ""
      }`}
    >
      {label}
      {selected ? <Icon name="check" size={16} /> : null}
    </button>
  );
}
