import { data, redirect } from "react-router";
import { requestInfoContext, servicesContext } from "#app-context";
import { DEFAULT_LOCATION } from "#shared/constants.ts";
import { catalogMessages, requestMessages } from "#shared/messages/shop.ts";
import { LocationChooser } from "../components/layout/location-chooser.tsx";
import type { LocationChoices } from "../components/layout/location-data.ts";
import { Link } from "../components/ui/link.tsx";
import { readForm } from "../lib/actions.server.ts";
import { seoMeta } from "../lib/seo.ts";
import type { Route } from "./+types/location.ts";

/** The countries for the picker (the header's dialog loads this too), the current choice and a search sent without JS. */
export function loader({ request, context }: Route.LoaderArgs): LocationChoices {
  const query = new URL(request.url).searchParams.get("q")?.slice(0, 100) ?? "";
  const { locations } = context.get(servicesContext);
  return { countries: locations.listCountries(), current: context.get(requestInfoContext).location ?? null, query };
}

/** Remembers the chosen country in the `location` cookie ('All' forgets it) and goes home, where lists follow it. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) throw data(requestMessages.formTooLarge, { status: 413 });
  const choice = form.get("location");
  if (typeof choice !== "string") throw data(catalogMessages.chooseLocation, { status: 400 });
  const { cookies } = context.get(requestInfoContext);
  if (choice.trim().toLowerCase() === DEFAULT_LOCATION.toLowerCase()) {
    return redirect("/", { headers: { "Set-Cookie": cookies.location(null) } });
  }
  const country = context.get(servicesContext).locations.findCountry(choice);
  if (!country) throw data(catalogMessages.unknownLocation, { status: 400 });
  return redirect("/", { headers: { "Set-Cookie": cookies.location(country.country) } });
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
