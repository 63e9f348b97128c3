import { useRouteLoaderData } from "react-router";

/**
 * Whether a shopper is signed in, from the root loader's `user` (accounts issue). Until the root loader returns one,
 * everybody is a visitor.
 */
export function useSignedIn(): boolean {
  const root = useRouteLoaderData("root") as { user?: unknown } | undefined;
  return root?.user !== undefined && root.user !== null;
}
