import { settingsContext } from "#app-context";
import { robotsTxt } from "../lib/sitemap-xml.server.ts";
import type { Route } from "./+types/robots.ts";

/** `/robots.txt`: crawl the shop, not the API or anyone's account pages; where the sitemap is. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(settingsContext).publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
