import { useRootData } from "../../lib/root-data.ts";

/** Whether a shopper is signed in (the root loader's `user`). */
export function useSignedIn(): boolean {
  return Boolean(useRootData()?.user);
}
