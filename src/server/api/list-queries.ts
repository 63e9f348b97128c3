import type { Services } from "#domain/services.ts";
import { rupeesToPaise } from "#shared/money.ts";
import { listPaging } from "#shared/schemas/catalog.ts";

export type ListQuery = { page?: number | undefined; perPage?: number | undefined; location?: string | undefined };

export const toPaise = (rupees: number | undefined) => (rupees === undefined ? undefined : rupeesToPaise(rupees));

/** The location as products store it, from a name in any case or an alpha-2 code (`IN`); an unknown one matches nothing. */
export function listQueries(locations: Services["locations"]) {
  const locationOf = (value: string | undefined) =>
    value === undefined ? undefined : (locations.resolveCountry(value)?.country ?? value);
  const listFilter = (query: ListQuery) => {
    const { page, perPage, paged } = listPaging(query);
    return { paged, filter: { page, perPage, location: locationOf(query.location) } };
  };
  return { locationOf, listFilter };
}
