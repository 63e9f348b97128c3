// The Node (V8) flags the shop's process runs with: `npm start` and the Dockerfile print them with
// `node scripts/node-flags.ts`, and the benchmarks start the server with `nodeFlags(env)`, so all run the same process.
// `processEnv` is the environment it starts with besides: package.json's start script and the Dockerfile set it.
//
// - The old generation is capped at 384 MB: the memory budget (bench/README.md, "Memory benchmark").
// - The young generation's semi-space is chosen by database. On the embedded database (no DATABASE_URL) it stays at
//   4 MB: PGlite lives in the same process, and a larger one takes the idle process to its 300 MiB budget. On
//   PostgreSQL it is 16 MB: requests in flight for a few milliseconds then die young instead of being copied into the
//   old generation and marked there, for 9-23 % more completed orders a second in `npm run bench:checkout` (decision
//   021); the idle process grew from 181 to 198 MiB against a budget of 250. It is also the minimum: V8 otherwise
//   starts the young generation small, shrinks it when the process idles, and did not always grow it back under load.
//   Started five times and driven alike, the shop then spent 353 to 571 ticks of CPU on the same 8,000 list requests
//   (the difference was all garbage collection); with the minimum, 328 to 359, and idle memory measured 195 and 213 MiB.
// - On PostgreSQL, V8 does not pretenure allocation sites. When a burst makes requests late, their objects survive
//   young collections and V8 marks the sites that made them to allocate straight into the old generation from then on:
//   every later request's objects then fill it, and its collections pause the shop while it is already behind. Nine
//   alternating pairs of servers on the list mix at 1,000/s (decision 023): rounds with p99 under 100 ms 6 → 10 of 18,
//   rounds that fell behind by half a second or more 7 → 3. Measured again on a quieter machine, four pairs: p99 under
//   10 ms in 5 of 8 rounds with the flag, 0 of 8 without.

import { loadDotEnv } from "../src/server/dotenv.ts";

/**
 * One glibc malloc arena for every thread: libvips decodes uploaded photos on libuv's and its own threads, and each
 * thread's arena kept the high-water mark of the decodes it ran (decision 028). Ignored where glibc is not the allocator.
 */
export const processEnv = { MALLOC_ARENA_MAX: "1" } as const;

const OLD_GENERATION_CAP = "--max-old-space-size=384";

export function nodeFlags(env: NodeJS.ProcessEnv): string[] {
  if (!env.DATABASE_URL) return ["--max-semi-space-size=4", OLD_GENERATION_CAP];
  return ["--min-semi-space-size=16", "--max-semi-space-size=16", OLD_GENERATION_CAP, "--no-allocation-site-pretenuring"];
}

if (import.meta.main) {
  loadDotEnv();
  console.log(nodeFlags(process.env).join(" "));
}
