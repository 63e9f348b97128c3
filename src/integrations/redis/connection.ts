/**
 * One connection to `REDIS_URL` as every Redis adapter of the shop wants it. While Redis is away a command fails at
 * once instead of waiting in a queue (a rate-limit check answers an error, a published change is logged and dropped);
 * at start-up a Redis that does not answer stops the shop with a clear message; later the client reconnects for ever.
 * The client library is loaded here, only when REDIS_URL is set: a shop without Redis does not keep its 6-7 MB of
 * heap, which every collection of the old generation would mark again (src/integrations/lazy-clients.test.ts).
 */
export async function connectRedis(url: string) {
  const { createClient } = await import("redis");
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries, cause) => (!connected && retries >= 3 ? cause : Math.min(100 * 2 ** retries, 5000)),
    },
  });
  // Reconnection is the client's job; without a listener an 'error' event would end the process.
  client.on("error", () => {});
  await client.connect();
  connected = true;
  return client;
}
