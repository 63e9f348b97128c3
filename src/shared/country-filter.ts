// Pure and dependency-free: the location picker runs it in the browser as the shopper types, the /location page on
// the server for a search sent without JavaScript.

export interface Country {
  country: string;
  iso2: string;
}

export function filterCountries<T extends Country>(countries: readonly T[], query: string): T[] {
  const wanted = query.trim().toLocaleLowerCase("en");
  if (wanted === "") return [...countries];
  return countries.filter((entry) => entry.country.toLocaleLowerCase("en").includes(wanted));
}
