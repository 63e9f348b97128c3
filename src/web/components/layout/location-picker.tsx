import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { locationLabel } from "../../lib/location-label.ts";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";
import { CloseButton, Modal } from "../ui/modal.tsx";
import { LocationChooser } from "./location-chooser.tsx";
import type { LocationChoices } from "./location-data.ts";

/** Countries load from /location's loader when the dialog first opens; without JavaScript the button links there. */
export function LocationPicker({ current }: { current: string | null }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<LocationChoices>();
  const label = locationLabel(current ?? undefined);
  const id = useId();

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
        <Modal
          onClose={() => setOpen(false)}
          labelledBy={`${id}-title`}
          describedBy={`${id}-description`}
          className="m-auto max-h-[85vh] w-[min(92vw,32rem)] flex-col rounded-lg bg-white p-5 shadow-xl open:flex"
        >
          <div className="flex min-h-0 flex-1 flex-col gap-3">
            <h2 id={`${id}-title`} className="pr-8 text-lg font-bold">
              Choose your Delivery Location
            </h2>
            <p id={`${id}-description`} className="text-sm text-gray-600">
              Enter your address and we will specify the offer for your area.
            </p>
            <LocationChooser
              countries={fetcher.data?.countries ?? []}
              current={current}
              loading={!fetcher.data}
              onChoose={() => setOpen(false)}
            />
          </div>
          <CloseButton label="Close" onClick={() => setOpen(false)} className="absolute top-4 right-4" />
        </Modal>
      ) : null}
    </>
  );
}
