import * as Dialog from "@radix-ui/react-dialog";
import { ChevronDown, X } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { locationLabel } from "../../lib/location-label.ts";
import type { loader as locationLoader } from "../../routes/location.tsx";
import { LocationChooser } from "./location-chooser.tsx";

/**
 * The header's location button and the 'Choose your Delivery Location' dialog (spec §2). The countries come from the
 * /location route's loader when the dialog first opens. Without JavaScript the button is a plain link to /location.
 */
export function LocationPicker({ current }: { current: string | null }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<typeof locationLoader>();
  const label = locationLabel(current ?? undefined);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next && fetcher.state === "idle" && !fetcher.data) fetcher.load("/location");
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Link
          to="/location"
          onClick={(event) => {
            event.preventDefault();
            onOpenChange(true);
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
          <ChevronDown size={16} aria-hidden="true" className="max-lg:hidden" />
        </Link>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="pr-8 text-lg font-bold">Choose your Delivery Location</Dialog.Title>
          <Dialog.Description className="text-sm text-gray-600">
            Enter your address and we will specify the offer for your area.
          </Dialog.Description>
          <LocationChooser
            countries={fetcher.data?.countries ?? []}
            current={current}
            loading={!fetcher.data}
            onChoose={() => setOpen(false)}
          />
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
          >
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
