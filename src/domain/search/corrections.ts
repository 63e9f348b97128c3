// Typo correction's database half: the nearest dictionary terms of a query's words (the pure half is spelling.ts).
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client.ts";
import { type Candidate, correctWord } from "./spelling.ts";

/** Nearest terms by trigram distance per word, before the edit distance decides. */
const CORRECTION_CANDIDATES = 5;

/** Corrections in one statement (decision 017), also answering each word's stem as tsquery text (`isCommonWord`). */
export async function correctionsFor(
  db: Db,
  words: string[],
): Promise<{ corrections: Map<string, string>; stems: Map<string, string> }> {
  const corrections = new Map<string, string>();
  const stems = new Map<string, string>();
  const lookedUp = words.filter((word) => word.length >= 3);
  if (lookedUp.length === 0) return { corrections, stems };
  const rows = await rowsOf<{
    word: string;
    stem: string;
    term: string | null;
    products: number | null;
    sameStem: boolean | null;
  }>(
    db,
    sql`select w.word, plainto_tsquery('english', w.word)::text as stem, c.term, c.products,
               plainto_tsquery('english', c.term)::text = plainto_tsquery('english', w.word)::text as "sameStem"
        from unnest(string_to_array(${lookedUp.join(" ")}, ' ')) as w(word)
        left join lateral (
          select term, products from search_terms order by term <-> w.word limit ${CORRECTION_CANDIDATES}
        ) c on true`,
  );
  for (const word of lookedUp) {
    const own = rows.filter((row) => row.word === word);
    const candidates: Candidate[] = own.flatMap((row) =>
      row.term === null ? [] : [{ term: row.term, products: row.products ?? 0, sameStem: row.sameStem === true }],
    );
    const stem = own[0]?.stem ?? "";
    stems.set(word, stem);
    // A stop word has no lexeme ("the"): it is never corrected.
    const correction = correctWord(word, candidates, stem === "");
    if (correction) corrections.set(word, correction);
  }
  return { corrections, stems };
}

/** Null when nothing was corrected. */
export function correctedText(query: string, corrections: Map<string, string>): string | null {
  if (corrections.size === 0) return null;
  return query
    .split(/([^\p{L}\p{N}]+)/u)
    .map((part) => corrections.get(part.toLowerCase()) ?? part)
    .join("");
}
