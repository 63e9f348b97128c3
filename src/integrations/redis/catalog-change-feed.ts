import { randomUUID } from "node:crypto";
import { connectRedis } from "./connection.ts";

/**
 * Catalogue changes shared by every instance over one Redis channel: each publishes the products it changed and evicts
 * those the others publish from its micro-cache (docs/decisions/009-catalogue-micro-cache.md). Redis is a shortcut, never
 * a dependency: a failed publish is logged and dropped (caches still expire), a lost subscription reports `onMissed`.
 */
export interface CatalogChangeFeed {
  readonly instanceId: string;
  /** Never throws: a failure is logged. */
  publish(productIds: readonly string[]): void;
  /** Categories or banners changed: every other instance drops all it keeps of the catalogue. Never throws. */
  publishCatalogChanged(): void;
  close(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
}

export interface CatalogChangeFeedOptions {
  /** The channel every instance of this shop shares (`${REDIS_KEY_PREFIX}catalog-changes`). */
  channel: string;
  onChange(productIds: readonly string[]): void;
  /** Another instance changed categories or banners. */
  onCatalogChanged(): void;
  /** The subscription was lost and is back: other instances' changes may have been missed. */
  onMissed(): void;
  log: Log;
  instanceId?: string;
}

/** A message never names more products than this (a paid order's lines, a review's product): more is not ours. */
const MAX_IDS = 1000;

export async function connectCatalogChangeFeed(
  url: string,
  { channel, onChange, onCatalogChanged, onMissed, log, instanceId = randomUUID() }: CatalogChangeFeedOptions,
): Promise<CatalogChangeFeed> {
  // A subscribed connection can run nothing but (un)subscribe: publishing needs a second one.
  const publisher = await connectRedis(url);
  const subscriber = await connectRedis(url).catch(async (error: unknown) => {
    await publisher.close();
    throw error;
  });

  let subscribed = false;
  let lost = false;
  subscriber.on("reconnecting", () => {
    if (!subscribed || lost) return;
    lost = true;
    log.warn({ channel }, "catalogue change feed: lost Redis; other instances' changes show within API_CACHE_TTL_MS");
  });
  // node-redis subscribes again by itself once it is back; what was published meanwhile is gone.
  subscriber.on("ready", () => {
    if (!lost) return;
    lost = false;
    onMissed();
  });
  await subscriber.subscribe(channel, (message) => {
    const change = readMessage(message, instanceId);
    if (change === "catalog") onCatalogChanged();
    else if (change && change.length > 0) onChange(change);
  });
  subscribed = true;

  return {
    instanceId,
    publish(productIds) {
      if (productIds.length === 0) return;
      publisher.publish(channel, JSON.stringify({ from: instanceId, productIds })).catch((error: unknown) => {
        log.warn({ err: error, productIds }, "catalogue change not published; other instances show it within API_CACHE_TTL_MS");
      });
    },
    publishCatalogChanged() {
      publisher.publish(channel, JSON.stringify({ from: instanceId, catalog: true })).catch((error: unknown) => {
        log.warn({ err: error }, "catalogue change not published; other instances show it within API_CACHE_TTL_MS");
      });
    },
    async close() {
      subscribed = false;
      await subscriber.close();
      await publisher.close();
    },
  };
}

/** Another instance's product ids, or "catalog" for a whole-catalogue change; undefined for our own and anything malformed. */
function readMessage(message: string, instanceId: string): string[] | "catalog" | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { from, productIds, catalog } = parsed as { from?: unknown; productIds?: unknown; catalog?: unknown };
  if (from === instanceId) return undefined;
  if (catalog === true) return "catalog";
  if (!Array.isArray(productIds) || productIds.length > MAX_IDS) return undefined;
  return productIds.every((id) => typeof id === "string") ? (productIds as string[]) : undefined;
}
