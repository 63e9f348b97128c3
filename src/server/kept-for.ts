import { pathOf } from "./page-routes.ts";

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

export interface KeptReads {
  /** What `load` answers for `key`, kept for the TTL and shared by the calls meanwhile (a failure is not kept). */
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every key whose path (the key up to `?`) is one of these, as the micro-cache evicts its answers. */
  evictPaths(paths: readonly string[]): void;
  clear(): void;
  readonly size: number;
}

/**
 * `keptFor` by key, for reads that many requests share (a page's catalogue data, decision 040). Entries are written
 * in the order they expire, so each write first forgets the expired ones at the front, then the oldest beyond
 * `maxEntries`. A key is a path, then `?` and what else tells its reads apart.
 */
export function keptByKey(ttlMs: number, { maxEntries = 500, now = Date.now } = {}): KeptReads {
  const entries = new Map<string, { value: Promise<unknown>; until: number }>();
  const forgetExpired = (time: number, room = 0) => {
    for (const [oldest, { until }] of entries) {
      if (until > time && entries.size + room <= maxEntries) break;
      entries.delete(oldest);
    }
  };
  // An idle shop holds nothing for long: a timer (never keeping the process up) forgets what expired meanwhile.
  let sweep: NodeJS.Timeout | undefined;
  const sweepLater = () => {
    if (sweep) return;
    sweep = setTimeout(() => {
      sweep = undefined;
      forgetExpired(now());
      if (entries.size > 0) sweepLater();
    }, ttlMs).unref();
  };
  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return load();
      const kept = entries.get(key);
      if (kept && kept.until > now()) return kept.value as Promise<T>;
      entries.delete(key);
      const time = now();
      forgetExpired(time, 1);
      const entry = { value: load(), until: time + ttlMs };
      entries.set(key, entry);
      sweepLater();
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value as Promise<T>;
    },
    evictPaths(paths) {
      if (entries.size === 0 || paths.length === 0) return;
      const wanted = new Set(paths);
      for (const key of entries.keys()) if (wanted.has(pathOf(key))) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
