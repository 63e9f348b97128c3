import { useRouteLoaderData } from "react-router";

/** What the header shows of the shopper's cart: item count and running total (integer paise). */
export interface CartSummary {
  count: number;
  totalPaise: number;
}

/** The signed-in shopper as the header shows them. */
export interface HeaderUser {
  name: string;
  email: string;
  /** First profile image file name (served under /download/), or null: the avatar then shows the name's first letter. */
  image: string | null;
}

export interface NavCategory {
  id: string;
  name: string;
  children: { id: string; name: string }[];
}

/** What the root loader gives every page (see root.tsx). */
export interface RootData {
  nonce: string | undefined;
  publicUrl: string;
  user: HeaderUser | null;
  cart: CartSummary;
  /** The ids of the products on the shopper's My List (empty for a visitor): which hearts are filled. */
  savedProductIds: string[];
  /** The chosen delivery country, or null for every location ("All"). */
  location: string | null;
  categories: NavCategory[];
  /** A one-time message from the previous request (e.g. 'User authentication Successfully!' after signing in). */
  flash: string | null;
  /** Payments here are tests (ALLOW_TEST_PAYMENTS in production): every page says test mode. */
  testModeNotice: boolean;
}

/** The root loader's data; undefined while an error page renders without it. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
