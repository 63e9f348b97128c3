/** What `load` answers, kept for `ttlMs` and shared by the calls meanwhile (a failure is not kept); 0: a load per call. */
export function keptFor<T>(ttlMs: number, load: () => Promise<T>, now = Date.now): (() => Promise<T>) & { forget(): void } {
  if (ttlMs === 0) return Object.assign(() => load(), { forget() {} });
  let kept: { value: Promise<T>; until: number } | undefined;
  const read = () => {
    if (kept && kept.until > now()) return kept.value;
    const entry = { value: load(), until: now() + ttlMs };
    kept = entry;
    entry.value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return entry.value;
  };
  // The next call loads afresh (a change made here must not wait out the TTL).
  return Object.assign(read, {
    forget() {
      kept = undefined;
    },
  });
}
