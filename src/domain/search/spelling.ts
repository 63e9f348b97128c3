// Typo correction's pure half: the words of a query and the distance between two words. The database half (nearest
// dictionary terms) is in corrections.ts.

/** No product word is that long; it bounds the work. */
const WORD_MAX = 40;
export const QUERY_WORDS_MAX = 8;

/** As the dictionary stores them: lower case, letters and digits, in order, each once. */
export function queryWords(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= WORD_MAX);
  return [...new Set(words)].slice(0, QUERY_WORDS_MAX);
}

/** Optimal string alignment: a swap of two neighbours is one edit, so "lapotp" → "laptop" is 1. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[i - 1]?.[j] ?? 0) + 1, (d[i]?.[j - 1] ?? 0) + 1, (d[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return d[a.length]?.[b.length] ?? 0;
}

export function editsAllowed(word: string): number {
  if (word.length < 3) return 0;
  return word.length <= 5 ? 1 : 2;
}

export interface Candidate {
  term: string;
  /** The tie-break between terms as near. */
  products: number;
  /** Same English stem ("sweaters", "sweater"): the word is not a typo. */
  sameStem: boolean;
}

/** Null for a known word, a stem of one, a stop word, or nothing near enough. */
export function correctWord(word: string, candidates: readonly Candidate[], isStopWord: boolean): string | null {
  if (isStopWord || candidates.some((candidate) => candidate.term === word || candidate.sameStem)) return null;
  const allowed = editsAllowed(word);
  let best: { term: string; distance: number; products: number } | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate.term);
    if (distance > allowed) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate.products > best.products)) {
      best = { term: candidate.term, distance, products: candidate.products };
    }
  }
  return best?.term ?? null;
}
