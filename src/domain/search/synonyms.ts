// The owner's search synonyms (decision 038): "tshirt" → "t-shirt". Each search reads the ones it needs by primary key
// inside its own statement, so a change is seen at once by every instance; only kept answers must go (catalogue port).
import { asc, eq, type SQL, sql } from "drizzle-orm";
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
 * What `text` also means, as SQL text or null, inside the search's own statement (no round trip of its own): the
 * replacement of the whole search, or else its words with each one that has a synonym replaced ("blue tshirt" also
 * looks for "blue t-shirt"). Primary-key lookups; words hold letters and digits only, so a space splits them.
 */
export function synonymTextSql(text: string): SQL {
  const whole = normalizeSearchText(text);
  const words = queryWords(whole).join(" ");
  return sql`coalesce(
    (select replacement from search_synonyms where term = ${whole}),
    (select string_agg(coalesce(s.replacement, w.word), ' ' order by w.n)
       from unnest(string_to_array(${words}, ' ')) with ordinality as w(word, n)
       left join search_synonyms s on s.term = w.word
       having count(s.term) > 0))`;
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
