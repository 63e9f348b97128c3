import { Suspense, useState } from "react";
import { useFetcher } from "react-router";
import { locationLabel } from "../../lib/location-label.ts";
import { Icon } from "../ui/icon.tsx";
import { lazyOnOpen } from "../ui/lazy-on-open.ts";
import { Link } from "../ui/link.tsx";
import type { LocationChoices } from "./location-data.ts";

// Like the quick view, the dialog's scripts load when it first opens, so every page's first scripts stay lighter.
const LocationDialog = lazyOnOpen(() => import("./location-dialog.tsx"));

/** Countries load from /location's loader when the dialog first opens; without JavaScript the button links there. */
export function LocationPicker({ current }: { current: string | null }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<LocationChoices>();
  const label = locationLabel(current ?? undefined);

  function openDialog() {
    setOpen(true);
    if (fetcher.state === "idle" && !fetcher.data) fetcher.load("/location");
  }

  return (
    <>
      <Link
        to="/location"
        onClick={(event) => {
          event.preventDefault();
          openDialog();
        }}
        className="flex h-10 items-center gap-1 rounded-lg border border-gray-200 px-2 text-left whitespace-nowrap hover:border-brand lg:gap-2 lg:px-3"
      >
        {label.country ? (
          <span className="flex flex-col leading-tight">
            <span className="text-xs text-gray-600 max-lg:sr-only">{label.heading}</span>
            <span className="text-xs font-semibold text-brand-dark lg:text-sm">{label.country}</span>
          </span>
        ) : (
          <span className="text-xs font-semibold text-brand-dark lg:text-sm">{label.heading}</span>
        )}
        <Icon name="chevron-down" size={16} className="max-lg:hidden" />
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <LocationDialog countries={fetcher.data?.countries ?? null} current={current} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
