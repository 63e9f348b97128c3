import { DEFAULT_LOCATION } from "#shared/constants.ts";

/** The cookie that remembers the shopper's delivery location, so server-rendered lists are already filtered. */
export const LOCATION_COOKIE = "location";

/** The chosen country from the request's cookie; undefined means every location (spec default "All"). */
export function readLocation(request: Request): string | undefined {
  const cookie = request.headers.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== LOCATION_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join("=")).trim();
    } catch {
      return undefined;
    }
    if (value === "" || value.toLowerCase() === DEFAULT_LOCATION.toLowerCase() || value.length > 100) return undefined;
    return value;
  }
  return undefined;
}
