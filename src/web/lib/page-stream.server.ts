import { EventEmitter } from "node:events";
import { preloadLowering } from "./script-priority.server.ts";

/** React's chunk as a Buffer: strings it wrote whole (long text), or bytes it will not touch again (no copy). */
const bufferOf = (chunk: Uint8Array | string) =>
  typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** Bytes a streamed page may hold unread by the response before React is asked to wait for "drain". */
const HIGH_WATER_BYTES = 128 * 1024;

/**
 * Where React writes a streamed page (`pipe(sink)`), read by the response as `body`. React writes in small pieces and
 * calls `flush()` when it has written all that is ready: each flush becomes one chunk of the body, its module preloads
 * lowered (decision 010), instead of each piece passing through a chain of streams (decision 026).
 */
export class PageSink extends EventEmitter {
  readonly body: ReadableStream<Uint8Array>;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #held: Buffer[] = [];
  #heldBytes = 0;
  #lowering = preloadLowering();
  #waiting = false;
  #done = false;
  #onDone: () => void;

  /** `onDone` runs once, when the page has ended or failed, or the reader went away. */
  constructor(onDone: () => void) {
    super();
    this.#onDone = onDone;
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.#controller = controller;
        },
        pull: () => {
          if (!this.#waiting) return;
          this.#waiting = false;
          this.emit("drain");
        },
        cancel: () => {
          this.#finish();
          // React stops rendering a page whose destination closed.
          this.emit("close");
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: HIGH_WATER_BYTES }),
    );
  }

  write(chunk: Uint8Array | string): boolean {
    if (this.#done) return false;
    const bytes = bufferOf(chunk);
    this.#held.push(bytes);
    this.#heldBytes += bytes.length;
    if ((this.#controller.desiredSize ?? 0) > this.#heldBytes) return true;
    this.#waiting = true;
    return false;
  }

  flush(): void {
    if (this.#done || this.#held.length === 0) return;
    const part = this.#lowering.next(Buffer.concat(this.#held, this.#heldBytes));
    this.#held = [];
    this.#heldBytes = 0;
    if (part.length > 0) this.#controller.enqueue(part);
  }

  end(): void {
    if (this.#done) return;
    this.flush();
    const rest = this.#lowering.end();
    if (rest.length > 0) this.#controller.enqueue(rest);
    this.#controller.close();
    this.#finish();
  }

  /** React's way to fail the page after its shell was sent: the response ends with the error. */
  destroy(error?: Error): void {
    if (this.#done) return;
    this.#controller.error(error ?? new Error("the page's render was stopped"));
    this.#finish();
  }

  #finish() {
    if (this.#done) return;
    this.#done = true;
    this.#held = [];
    this.#onDone();
  }
}

/** Where React writes a page sent whole (`pipe(page)` once all is ready): `done` gets its bytes when React ends it. */
export class WholePage extends EventEmitter {
  #parts: Buffer[] = [];
  #bytes = 0;
  #done: (result: { bytes: Buffer } | { error: Error }) => void;

  constructor(done: (result: { bytes: Buffer } | { error: Error }) => void) {
    super();
    this.#done = done;
  }

  write(chunk: Uint8Array | string): boolean {
    const bytes = bufferOf(chunk);
    this.#parts.push(bytes);
    this.#bytes += bytes.length;
    return true;
  }

  end(): void {
    this.#done({ bytes: Buffer.concat(this.#parts, this.#bytes) });
  }

  destroy(error?: Error): void {
    this.#done({ error: error ?? new Error("the page's render was stopped") });
  }
}
