// The owner's search synonyms (decision 038): "tshirt" → "t-shirt". A search reads the ones it needs by primary key on
// every query, so a change is seen at once by every instance; only the kept answers must go (the catalogue port).
import { asc, eq, inArray } from "drizzle-orm";
import { type Db, type DbExecutor, withTransaction } from "#db/client.ts";
import { searchSynonyms } from "#db/schema/search.ts";
import { insightsMessages as m } from "#shared/messages/back-office-insights.ts";
import { normalizeSearchText } from "#shared/text.ts";
import type { Actor, AuditEntry } from "../back-office/audit.ts";
import { AppError, notFound } from "../errors.ts";
import type { CatalogChanges } from "../ports.ts";
import { queryWords } from "./spelling.ts";

export interface Synonym {
  term: string;
  replacement: string;
  createdAt: Date;
}

/** The owner's page lists them all: a shop keeps tens, not thousands. */
const LISTED_MAX = 1000;

/**
 * What `text` also means: the replacement of the whole search, or else of each of its words that has one (a word
 * replaced in place, so "blue tshirt" also looks for "blue t-shirt"). Null when no synonym applies.
 */
export async function synonymText(db: DbExecutor, text: string): Promise<string | null> {
  const whole = normalizeSearchText(text);
  if (whole === "") return null;
  const words = queryWords(whole);
  const rows = await db
    .select({ term: searchSynonyms.term, replacement: searchSynonyms.replacement })
    .from(searchSynonyms)
    .where(inArray(searchSynonyms.term, [...new Set([whole, ...words])]));
  if (rows.length === 0) return null;
  const found = new Map(rows.map((row) => [row.term, row.replacement]));
  const ofWhole = found.get(whole);
  if (ofWhole !== undefined) return ofWhole;
  const replaced = whole
    .split(/([^\p{L}\p{N}]+)/u)
    .map((part) => found.get(part) ?? part)
    .join("");
  return replaced === whole ? null : replaced;
}

export type SynonymsAdmin = ReturnType<typeof createSynonymsAdmin>;

/** Adding and removing synonyms, each audited in its transaction; the shop's kept answers go after commit. */
export function createSynonymsAdmin({
  db,
  audit,
  changes,
}: {
  db: Db;
  audit: { record(tx: DbExecutor, actor: Actor, entry: AuditEntry): Promise<unknown> };
  changes: CatalogChanges;
}) {
  const columns = { term: searchSynonyms.term, replacement: searchSynonyms.replacement, createdAt: searchSynonyms.createdAt };

  return {
    async list(): Promise<Synonym[]> {
      return db.select(columns).from(searchSynonyms).orderBy(asc(searchSynonyms.term)).limit(LISTED_MAX);
    },

    /** `term` and `replacement` as the form's schema normalised them. A term keeps one synonym (409 for another). */
    async add(actor: Actor, input: { term: string; replacement: string; reason?: string | undefined }): Promise<Synonym> {
      const row = await withTransaction(db, async (tx) => {
        const [added] = await tx
          .insert(searchSynonyms)
          .values({ term: input.term, replacement: input.replacement, createdBy: actor.id })
          .onConflictDoNothing()
          .returning(columns);
        if (!added) throw new AppError("CONFLICT", m.synonymExists(input.term), { field: "term" });
        await audit.record(tx, actor, {
          action: "search-synonym.create",
          entityType: "search_synonym",
          entityId: added.term,
          before: null,
          after: { term: added.term, replacement: added.replacement },
          reason: input.reason,
        });
        return added;
      });
      changes.catalogChanged();
      return row;
    },

    async remove(actor: Actor, term: string, reason?: string): Promise<void> {
      await withTransaction(db, async (tx) => {
        const [gone] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.term, term)).returning(columns);
        if (!gone) throw notFound(m.synonymNotFound(term));
        await audit.record(tx, actor, {
          action: "search-synonym.delete",
          entityType: "search_synonym",
          entityId: term,
          before: { term: gone.term, replacement: gone.replacement },
          after: null,
          reason,
        });
      });
      changes.catalogChanged();
    },
  };
}
