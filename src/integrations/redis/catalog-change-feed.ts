import { randomUUID } from "node:crypto";
import { connectRedis } from "./connection.ts";

/**
 * The catalogue changes of every instance of the shop, over one Redis pub/sub channel (`REDIS_URL`): each instance
 * publishes the products its services changed, and evicts the ones the others publish from its own micro-cache, so a
 * change made through one instance shows on all of them at once instead of after API_CACHE_TTL_MS
 * (docs/decisions/009-catalogue-micro-cache.md). A message is `{ "from": instanceId, "productIds": [...] }`; an
 * instance ignores its own (it evicted locally already).
 *
 * Redis is a shortcut here, never a dependency of the change: a publish that fails is logged and dropped (the other
 * caches still expire within the TTL), and a subscriber that lost its connection reports it (`onMissed`) once it is
 * back, since changes published meanwhile never reach it.
 */
export interface CatalogChangeFeed {
  /** This instance's id, carried by every message it publishes. */
  readonly instanceId: string;
  /** Tells the other instances; never throws and its failure never reaches the caller (it is logged). */
  publish(productIds: readonly string[]): void;
  /** Stops listening and closes both connections, after the publishes in flight. */
  close(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
}

export interface CatalogChangeFeedOptions {
  /** The channel every instance of this shop shares (`${REDIS_KEY_PREFIX}catalog-changes`). */
  channel: string;
  /** Products another instance changed. */
  onChange(productIds: readonly string[]): void;
  /** The subscription was lost and is back: changes of the other instances may have been missed meanwhile. */
  onMissed(): void;
  log: Log;
  instanceId?: string;
}

/** A message never names more products than this (a paid order's lines, a review's product): more is not ours. */
const MAX_IDS = 1000;

export async function connectCatalogChangeFeed(
  url: string,
  { channel, onChange, onMissed, log, instanceId = randomUUID() }: CatalogChangeFeedOptions,
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
    const productIds = readMessage(message, instanceId);
    if (productIds && productIds.length > 0) onChange(productIds);
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
    async close() {
      subscribed = false;
      await subscriber.close();
      await publisher.close();
    },
  };
}

/** The product ids of another instance's message; undefined for our own and for anything malformed. */
function readMessage(message: string, instanceId: string): string[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { from, productIds } = parsed as { from?: unknown; productIds?: unknown };
  if (from === instanceId || !Array.isArray(productIds) || productIds.length > MAX_IDS) return undefined;
  return productIds.every((id) => typeof id === "string") ? (productIds as string[]) : undefined;
}
