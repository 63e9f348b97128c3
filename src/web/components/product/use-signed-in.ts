import { useRootData } from "../../lib/root-data.ts";

export function useSignedIn(): boolean {
  return Boolean(useRootData()?.user);
}
