import { createClient } from "redis";
import type { RateLimitStore } from "#domain/rate-limit/ports.ts";

/**
 * Rate-limit counters in Redis (`REDIS_URL`), shared by every instance of the shop: the same fixed windows as the
 * database store, counted by one Lua script per hit (INCR, and PEXPIRE when the window opens), so concurrent hits on
 * any number of instances count exactly and a window ends by itself.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return false end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

export interface RedisRateLimitStore extends RateLimitStore {
  close(): Promise<void>;
}

export async function createRedisRateLimitStore(url: string, prefix = "storefront:rate-limit:"): Promise<RedisRateLimitStore> {
  let connected = false;
  const client = createClient({
    url,
    // While Redis is away, a limit check fails at once (the request gets an error) instead of waiting in a queue.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5000,
      // At start-up a Redis that does not answer stops the shop with a clear message; later, reconnect for ever.
      reconnectStrategy: (retries, cause) => (!connected && retries >= 3 ? cause : Math.min(100 * 2 ** retries, 5000)),
    },
  });
  // Reconnection is the client's job; without a listener an 'error' event would end the process.
  client.on("error", () => {});
  await client.connect();
  connected = true;
  const key = (name: string) => prefix + name;

  return {
    async hit(name, windowMs, now) {
      const [count, ttl] = (await client.eval(HIT, { keys: [key(name)], arguments: [String(windowMs)] })) as [number, number];
      return { count, resetAt: new Date(now.getTime() + ttl) };
    },
    async peek(name, now) {
      const reply = (await client.eval(PEEK, { keys: [key(name)] })) as [number, number] | null;
      if (!reply || reply[1] <= 0) return undefined;
      return { count: reply[0], resetAt: new Date(now.getTime() + reply[1]) };
    },
    async reset(name) {
      await client.del(key(name));
    },
    async close() {
      await client.close();
    },
  };
}
