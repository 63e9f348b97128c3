import { and, desc, eq, gt, lt, or, type SQL } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, DbExecutor } from "#db/client.ts";
import { auditEvents } from "#db/schema/back-office.ts";

/** Who acted: the session's account, never a name from the request. */
export interface Actor {
  /** Null for the owner's terminal commands (`npm run shop`), which have no account. */
  id: string | null;
  email: string;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  reason?: string;
  revertOf?: string;
}

export type AuditEvent = typeof auditEvents.$inferSelect;

export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  actorId?: string;
  action?: string;
  /** Keyset: events older than this one. */
  before?: { at: Date; id: string };
  limit: number;
}

/** The append-only trail of back-office changes; written in the transaction of the change it records. */
export function createAuditTrail({ db, now }: { db: Db; now: () => Date }) {
  return {
    async record(tx: DbExecutor, actor: Actor, entry: AuditEntry): Promise<AuditEvent> {
      const [row] = await tx
        .insert(auditEvents)
        .values({
          id: uuidv7(),
          at: now(),
          actorId: actor.id,
          actorEmail: actor.email,
          action: entry.action,
          entityType: entry.entityType,
          entityId: entry.entityId,
          before: entry.before ?? null,
          after: entry.after ?? null,
          reason: entry.reason?.trim() ?? "",
          revertOf: entry.revertOf ?? null,
        })
        .returning();
      if (!row) throw new Error("audit event not written");
      return row;
    },

    /** Many events of one actor at once, in the caller's transaction (the CSV import writes one per product). */
    async recordMany(tx: DbExecutor, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
      if (entries.length === 0) return;
      const at = now();
      await tx.insert(auditEvents).values(
        entries.map((entry) => ({
          id: uuidv7(),
          at,
          actorId: actor.id,
          actorEmail: actor.email,
          action: entry.action,
          entityType: entry.entityType,
          entityId: entry.entityId,
          before: entry.before ?? null,
          after: entry.after ?? null,
          reason: entry.reason?.trim() ?? "",
          revertOf: entry.revertOf ?? null,
        })),
      );
    },

    async get(id: string, tx: DbExecutor = db): Promise<AuditEvent | undefined> {
      const [row] = await tx.select().from(auditEvents).where(eq(auditEvents.id, id));
      return row;
    },

    /** Newest first, a page at a time. */
    async list(filter: AuditFilter): Promise<AuditEvent[]> {
      const where: SQL[] = [];
      if (filter.entityType) where.push(eq(auditEvents.entityType, filter.entityType));
      if (filter.entityId) where.push(eq(auditEvents.entityId, filter.entityId));
      if (filter.actorId) where.push(eq(auditEvents.actorId, filter.actorId));
      if (filter.action) where.push(eq(auditEvents.action, filter.action));
      if (filter.before) {
        const { at, id } = filter.before;
        const older = or(lt(auditEvents.at, at), and(eq(auditEvents.at, at), lt(auditEvents.id, id)));
        if (older) where.push(older);
      }
      return db
        .select()
        .from(auditEvents)
        .where(and(...where))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(filter.limit);
    },

    /** Newer events on the same entity than `event`: a revert would overwrite them. */
    async laterThan(event: AuditEvent, tx: DbExecutor = db): Promise<AuditEvent[]> {
      return tx
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entityType, event.entityType),
            eq(auditEvents.entityId, event.entityId),
            or(gt(auditEvents.at, event.at), and(eq(auditEvents.at, event.at), gt(auditEvents.id, event.id))),
          ),
        )
        .orderBy(desc(auditEvents.at), desc(auditEvents.id));
    },
  };
}

/** Fields whose value an event changed: its before and after differ (null on either side: every field it names). */
export function fieldsChangedBy(event: Pick<AuditEvent, "before" | "after">): string[] {
  const before = (event.before ?? {}) as Record<string, unknown>;
  const after = (event.after ?? {}) as Record<string, unknown>;
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...fields].filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

/** Of `later` events, those that changed one of `fields`: a revert would overwrite their work. */
export function laterTouching(later: readonly AuditEvent[], fields: readonly string[]): AuditEvent[] {
  return later.filter((event) => fieldsChangedBy(event).some((field) => fields.includes(field)));
}
