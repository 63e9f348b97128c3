/** What `load` answers, kept for `ttlMs` and shared by the calls meanwhile (a failure is not kept); 0: a load per call. */
export function keptFor<T>(ttlMs: number, load: () => Promise<T>, now = Date.now): () => Promise<T> {
  if (ttlMs === 0) return load;
  let kept: { value: Promise<T>; until: number } | undefined;
  return () => {
    if (kept && kept.until > now()) return kept.value;
    const entry = { value: load(), until: now() + ttlMs };
    kept = entry;
    entry.value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return entry.value;
  };
}
