import type { RateLimitStore } from "#domain/rate-limit/ports.ts";
import { connectRedis } from "./connection.ts";

// Rate-limit counters shared by every instance: the database store's fixed windows, counted by one Lua script per hit
// (INCR, PEXPIRE when the window opens), so concurrent hits count exactly and a window ends by itself.
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
  const client = await connectRedis(url);
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
