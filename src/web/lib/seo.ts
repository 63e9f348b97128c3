import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Storefront";

export interface SeoPage {
  /** The site name is appended ("Fashion | Storefront"). */
  title: string;
  description: string;
  /** Canonical, so no query string: filters are not separate pages. */
  path: string;
  image?: string | undefined;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** Title, description, canonical URL and Open Graph tags; `matches` gives the root's `publicUrl`, so URLs are absolute. */
export function seoMeta(page: SeoPage, matches: readonly (MatchLike | undefined)[]): MetaDescriptor[] {
  const origin = publicUrlFrom(matches);
  const url = absoluteUrl(origin, page.path);
  const title = page.title === SITE_NAME ? SITE_NAME : `${page.title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.image) tags.push({ property: "og:image", content: absoluteUrl(origin, page.image) });
  return tags;
}

/** Empty (relative URLs) when the root has no data, on an error page. */
export function publicUrlFrom(matches: readonly (MatchLike | undefined)[]): string {
  const data = matches.find((match) => match?.id === "root")?.loaderData as { publicUrl?: unknown } | undefined;
  return typeof data?.publicUrl === "string" ? data.publicUrl : "";
}

export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${origin.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}
