import { data, Link, redirect } from "react-router";
import { requestInfoContext } from "#app-context";
import { findCountry, listCountries } from "#domain/locations/countries.ts";
import { DEFAULT_LOCATION } from "#shared/constants.ts";
import { LocationChooser } from "../components/layout/location-chooser.tsx";
import { LOCATION_COOKIE, readLocation } from "../lib/location.ts";
import { seoMeta } from "../lib/seo.ts";
import type { Route } from "./+types/location.ts";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The countries for the picker (the header's dialog loads this too), the current choice and a search sent without JS. */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q")?.slice(0, 100) ?? "";
  return { countries: listCountries(), current: readLocation(request) ?? null, query };
}

/** Remembers the chosen country in the `location` cookie ('All' forgets it) and goes home, where lists follow it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get("location");
  if (typeof choice !== "string") throw data("Choose a location", { status: 400 });
  const secure = context.get(requestInfoContext).publicUrl.startsWith("https://") ? "; Secure" : "";
  if (choice.trim().toLowerCase() === DEFAULT_LOCATION.toLowerCase()) {
    return redirect("/", { headers: { "Set-Cookie": `${LOCATION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}` } });
  }
  const country = findCountry(choice);
  if (!country) throw data("Unknown location", { status: 400 });
  const cookie = `${LOCATION_COOKIE}=${encodeURIComponent(country.country)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Choose your Delivery Location",
      description: "Choose the country we deliver to, and see the products and offers for your area.",
      path: "/location",
    },
    matches,
  );

export default function LocationPage({ loaderData }: Route.ComponentProps) {
  const { countries, current, query } = loaderData;
  return (
    <main className="mx-auto flex max-h-[calc(100vh-4rem)] max-w-xl flex-col gap-3 px-4 py-8">
      <h1 className="text-2xl font-bold">Choose your Delivery Location</h1>
      <p className="text-gray-600">Enter your address and we will specify the offer for your area.</p>
      <LocationChooser countries={countries} current={current} initialQuery={query} />
      <Link to="/" className="text-sm font-semibold text-brand-dark underline">
        Back to the shop
      </Link>
    </main>
  );
}
