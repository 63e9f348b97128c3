import { useId } from "react";
import type { Country } from "#shared/country-filter.ts";
import { CloseButton, Modal } from "../ui/modal.tsx";
import { LocationChooser } from "./location-chooser.tsx";

/** The header's "Choose your Delivery Location" dialog: its scripts load when it first opens (location-picker.tsx). */
export default function LocationDialog({
  countries,
  current,
  onClose,
}: {
  /** Null while /location's loader is still answering. */
  countries: readonly Country[] | null;
  current: string | null;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Modal
      onClose={onClose}
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
        <LocationChooser countries={countries ?? []} current={current} loading={!countries} onChoose={onClose} />
      </div>
      <CloseButton label="Close" onClick={onClose} className="absolute top-4 right-4" />
    </Modal>
  );
}
