/**
 * A value read once, kept in memory, and read again in the background once it is older than `maxAgeMs`: callers get the
 * snapshot they have at once (only the first waits), and never more than one read runs. For what only an estimate
 * rides on (term-counts.ts, location-shares.ts).
 */
export function freshSnapshot<T>(
  read: () => Promise<T>,
  { maxAgeMs, now }: { maxAgeMs: number; now: () => number },
): () => Promise<T> {
  let snapshot: { at: number; value: T } | undefined;
  let loading: Promise<{ at: number; value: T }> | undefined;
  const load = () => {
    const at = now();
    loading ??= read()
      .then((value) => {
        snapshot = { at, value };
        return snapshot;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return async () => {
    const known = snapshot ?? (await load());
    if (now() - known.at > maxAgeMs) load().catch(() => {});
    return known.value;
  };
}
