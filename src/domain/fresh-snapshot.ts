/** Read again in the background once older than `maxAgeMs`; only the first caller waits, one read at a time. */
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
