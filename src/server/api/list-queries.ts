import type { Services } from "#domain/services.ts";
import { rupeesToPaise } from "#shared/money.ts";
import { listPaging } from "#shared/schemas/catalog.ts";

/** What every product list's query holds before it becomes a domain filter. */
export type ListQuery = { page?: number | undefined; perPage?: number | undefined; location?: string | undefined };

export const toPaise = (rupees: number | undefined) => (rupees === undefined ? undefined : rupeesToPaise(rupees));

/**
 * The one place a list query becomes a filter: the paging asked for (or the whole list, `listPaging`), and the location
 * as products store it (a country name), from a name in any case or an ISO alpha-2 code (`IN`, what the original
 * client's country dropdown sends). An unknown value is kept as given, so it matches nothing.
 */
export function listQueries(locations: Services["locations"]) {
  const locationOf = (value: string | undefined) =>
    value === undefined ? undefined : (locations.resolveCountry(value)?.country ?? value);
  const listFilter = (query: ListQuery) => {
    const { page, perPage, paged } = listPaging(query);
    return { paged, filter: { page, perPage, location: locationOf(query.location) } };
  };
  return { locationOf, listFilter };
}
