import { useRouteLoaderData } from "react-router";

/** What the header shows of the shopper's cart: item count and running total (integer paise). */
export interface CartSummary {
  count: number;
  totalPaise: number;
}

export interface HeaderUser {
  name: string;
  email: string;
  /** Null: the avatar shows the name's first letter. */
  image: string | null;
}

export interface NavCategory {
  id: string;
  name: string;
  children: { id: string; name: string }[];
}

export interface RootData {
  nonce: string | undefined;
  publicUrl: string;
  user: HeaderUser | null;
  cart: CartSummary;
  /** Which hearts are filled (empty for a visitor). */
  savedProductIds: string[];
  /** Null for every location ("All"). */
  location: string | null;
  categories: NavCategory[];
  /** A one-time message from the previous request, e.g. after signing in. */
  flash: string | null;
  testModeNotice: boolean;
}

/** The root loader's data; undefined while an error page renders without it. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
