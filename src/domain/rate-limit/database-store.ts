import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rateLimitCounters } from "#db/schema/rate-limit.ts";
import type { RateLimitStore } from "./ports.ts";

/** One atomic upsert per hit, so concurrent requests on any number of instances count exactly. */
export function createDatabaseRateLimitStore(db: Db): RateLimitStore {
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowMs, now) {
      const resetAt = new Date(now.getTime() + windowMs);
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimitCounters.count} + 1 end`,
            resetAt: sql`case when ${rateLimitCounters.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimitCounters.resetAt} end`,
          },
        })
        .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
      // Expired windows are dead rows: sweep them now and then rather than on every hit.
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= 500) {
        hitsSinceSweep = 0;
        await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, now));
      }
      if (!row) throw new Error("rate limit counter was not written");
      return row;
    },
    async peek(key, now) {
      const [row] = await db
        .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, key));
      return row && row.resetAt > now ? row : undefined;
    },
    async reset(key) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}
