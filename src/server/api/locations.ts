import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listCountries } from "#domain/locations/countries.ts";

const countriesJson = z.object({
  error: z.literal(false),
  countries: z.array(z.object({ country: z.string(), iso2: z.string() })),
});

/** `GET /api/countries`: the delivery countries (spec §3 Country), from our own list instead of an outside service. */
export const locationsApi: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/countries",
    {
      schema: {
        tags: ["Locations"],
        summary: "Countries a shopper may choose as delivery location (English names, ISO alpha-2 codes)",
        response: { 200: countriesJson },
      },
    },
    async (_request, reply) => {
      // The list only changes with a release: let browsers and CDNs keep it for a day.
      reply.header("Cache-Control", "public, max-age=86400");
      return { error: false as const, countries: [...listCountries()] };
    },
  );
};
