import { v7 as uuidv7 } from "uuid";
import type { Random } from "./random.ts";

/**
 * A valid RFC 9562 version 7 UUID whose time part is the row's `createdAt` and whose other bits come from the seeded
 * generator: the demo catalogue gets the same ids on every run, and ids sort like the rows' creation times.
 */
export function deterministicId(createdAt: Date, random: Random): string {
  return uuidv7({ msecs: createdAt.getTime(), random: random.bytes(16) });
}
