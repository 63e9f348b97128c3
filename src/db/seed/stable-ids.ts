import { v7 as uuidv7 } from "uuid";
import type { Random } from "./random.ts";

/** UUID v7 timed at `createdAt`, other bits seeded: the same ids on every run, sorting like the rows' creation times. */
export function deterministicId(createdAt: Date, random: Random): string {
  return uuidv7({ msecs: createdAt.getTime(), random: random.bytes(16) });
}
