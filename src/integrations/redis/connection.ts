/**
 * While Redis is away a command fails at once instead of queueing; at start-up a silent Redis stops the shop; later the
 * client reconnects for ever. The client library loads only when REDIS_URL is set (lazy-clients.test.ts).
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
