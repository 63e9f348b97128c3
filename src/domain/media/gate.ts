import { AppError } from "../errors.ts";

export interface Gate {
  /** Runs `work` once a slot is free; throws TOO_MANY_REQUESTS (with `retryAfter`) when the queue is already full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Pieces of work running and waiting now. */
  readonly running: number;
  readonly waiting: number;
}

/**
 * A semaphore: at most `slots` pieces of work at once, at most `queue` more waiting for a slot, in arrival order; past
 * that, a 429 that says when to come back (`busyMessage`, `retryAfterSeconds`). A failed piece of work frees its slot.
 */
export function createGate(options: { slots: number; queue: number; busyMessage: string; retryAfterSeconds: number }): Gate {
  let running = 0;
  const waiting: (() => void)[] = [];

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < options.slots) running += 1;
      else if (waiting.length >= options.queue) {
        throw new AppError("TOO_MANY_REQUESTS", options.busyMessage, { retryAfter: options.retryAfterSeconds });
      } else {
        // The slot is handed over by the finishing work (running stays the same), so nobody can overtake the queue.
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
