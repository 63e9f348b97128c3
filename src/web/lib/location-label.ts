import { LOCATION_LABEL_MAX } from "#shared/constants.ts";
import { truncate } from "#shared/text.ts";

/** The header's location button text: the country cut to 10 characters plus '...', or 'Select Location' (spec §2). */
export function locationLabel(country: string | undefined): { heading: string; country: string | undefined } {
  if (!country) return { heading: "Select Location", country: undefined };
  return { heading: "Your Location", country: truncate(country, LOCATION_LABEL_MAX) };
}
