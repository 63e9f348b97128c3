// The open-loop load of the benchmarks (`driveSteadily`): requests at evenly spaced moments, over keep-alive HTTP/1.1
// connections of its own. It reads every answer into one reused buffer (net's `onread`) instead of Node's HTTP client,
// whose reads allocate a new buffer each: at 600 list pages a second that is ~10 MB/s of memory outside V8's heap, and
// V8 answered it with a full mark-compact of the harness every ~400 ms, 5-15 ms each, that freed nothing. Requests due
// during those pauses went out late and the harness charged the lateness to the server (bench/README.md, "The load
// generator's own pauses").
import net from "node:net";
import type { LoadFigures, PlannedRequest } from "./lib.ts";
import { sleep } from "./lib.ts";

const CR = 13;
const LF = 10;

/**
 * Reads HTTP/1.1 answers from a byte stream, one at a time, keeping nothing of them but the status line and headers:
 * a body is counted (Content-Length, chunked, or until the connection closes), never copied. `done` is called once per
 * answer; `feed` answers false for bytes that are not an HTTP answer.
 */
export class ResponseReader {
  private phase: "head" | "length" | "chunk-size" | "chunk-data" | "chunk-end" | "trailer" | "until-close" = "head";
  private head = "";
  /** How much of CR LF CR LF (the end of the head, or of the trailer) was just read: 0-4. */
  private matched = 0;
  private remaining = 0;
  private sizeLine = "";
  private status = 0;
  private closeAfter = false;
  private readonly done: (status: number, closeAfter: boolean) => void;

  constructor(done: (status: number, closeAfter: boolean) => void) {
    this.done = done;
  }

  /** Whether the current answer is complete once the connection closes (no length was given). */
  get endsAtClose(): boolean {
    return this.phase === "until-close";
  }

  /** Whether an answer is partly read. */
  get midAnswer(): boolean {
    return this.phase !== "head" || this.head !== "";
  }

  feed(bytes: Buffer, start: number, end: number): boolean {
    let at = start;
    while (at < end) {
      switch (this.phase) {
        case "head": {
          const from = at;
          while (at < end && this.matched < 4) this.matched = this.step(this.matched, bytes[at++] ?? 0);
          this.head += bytes.toString("latin1", from, at);
          if (this.matched === 4 && !this.startBody()) return false;
          break;
        }
        case "length":
        case "chunk-data": {
          const taken = Math.min(this.remaining, end - at);
          at += taken;
          this.remaining -= taken;
          if (this.remaining > 0) break;
          if (this.phase === "length") this.finish();
          else {
            this.phase = "chunk-end";
            this.remaining = 2;
          }
          break;
        }
        case "chunk-end":
          at += 1;
          this.remaining -= 1;
          if (this.remaining === 0) this.phase = "chunk-size";
          break;
        case "chunk-size": {
          const byte = bytes[at++] ?? 0;
          if (byte === CR) break;
          if (byte !== LF) {
            this.sizeLine += String.fromCharCode(byte);
            if (this.sizeLine.length > 64) return false;
            break;
          }
          // Hex digits, then maybe `;extensions`, which parseInt stops at.
          const size = Number.parseInt(this.sizeLine, 16);
          this.sizeLine = "";
          if (Number.isNaN(size)) return false;
          if (size === 0) {
            this.phase = "trailer";
            this.matched = 2; // just after the size line's CR LF: an empty line ends the answer
          } else {
            this.phase = "chunk-data";
            this.remaining = size;
          }
          break;
        }
        case "trailer":
          this.matched = this.step(this.matched, bytes[at++] ?? 0);
          if (this.matched === 4) this.finish();
          break;
        case "until-close":
          at = end;
          break;
      }
    }
    return true;
  }

  /** Ends an answer whose end is the connection's close. */
  closed() {
    if (this.phase === "until-close") this.finish();
  }

  private step(matched: number, byte: number): number {
    if (byte === (matched % 2 === 0 ? CR : LF)) return matched + 1;
    return byte === CR ? 1 : 0;
  }

  private startBody(): boolean {
    const head = this.head;
    if (!head.startsWith("HTTP/1.")) return false;
    this.status = Number(head.slice(9, 12));
    if (!Number.isInteger(this.status) || this.status < 100) return false;
    if (this.status < 200) {
      // 100 Continue and the like: the real answer follows.
      this.reset();
      return true;
    }
    this.closeAfter = /\r\nconnection:[ \t]*close/i.test(head) || head.startsWith("HTTP/1.0");
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
    if (this.status === 204 || this.status === 304) this.finish();
    else if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) this.phase = "chunk-size";
    else if (length) {
      this.remaining = Number(length[1]);
      if (this.remaining === 0) this.finish();
      else this.phase = "length";
    } else this.phase = "until-close";
    return true;
  }

  private finish() {
    const { status, closeAfter } = this;
    this.reset();
    this.done(status, closeAfter);
  }

  private reset() {
    this.phase = "head";
    this.head = "";
    this.matched = 0;
    this.remaining = 0;
    this.closeAfter = false;
  }
}

interface Due {
  planned: PlannedRequest;
  due: number;
  resolve: (outcome: { status: number } | { error: true }) => void;
}

interface Connection {
  socket: net.Socket;
  reader: ResponseReader;
  current: Due | undefined;
}

/** Read into by every connection: each read is handled, synchronously, before the next one lands. */
const sharedReadBuffer = Buffer.allocUnsafe(256 * 1024);

/**
 * Requests at evenly spaced moments, `rate` a second, whatever the server's answers are doing (an open loop, as wrk2
 * drives): each request's latency counts from the moment it was due, so a server that falls behind is charged for
 * the wait. autocannon's `overallRate` is not steady: each connection sends its share of the second as fast as it can
 * from the start of the second and then waits for the next one, so its latencies are those of `connections` requests
 * at once in a burst. `openConnections` are opened before the first request, as a load balancer keeps idle
 * connections to the shop (deploy/nginx.conf: `keepalive 32`). A request goes out on an idle connection, or a new one
 * (up to `maxConnections`, then it waits for one). Not for HEAD requests: the reader would wait for the body their
 * Content-Length announces. Answers the same figures as `loadFigures`, and the p99 of each whole `windowSeconds` of the
 * run (of the requests due in it): the run's p99 says how the steady state answers, its windows how evenly.
 */
export async function driveSteadily(
  baseUrl: string,
  options: {
    rate: number;
    seconds: number;
    next: () => PlannedRequest;
    openConnections?: number;
    maxConnections?: number;
    timeoutMs?: number;
    /** The length of the windows `windowP99Ms` reports; the whole run by default. */
    windowSeconds?: number;
  },
): Promise<LoadFigures & { windowP99Ms: (number | null)[] }> {
  const target = new URL(baseUrl);
  const host = target.hostname;
  const port = Number(target.port || 80);
  const hostHeader = `host: ${target.host}\r\n`;
  const maxConnections = options.maxConnections ?? 256;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const idle: Connection[] = [];
  const waiting: Due[] = [];
  const connections = new Set<Connection>();

  const write = (connection: Connection, due: Due) => {
    connection.current = due;
    const { planned } = due;
    let head = `${planned.method ?? "GET"} ${planned.path} HTTP/1.1\r\n${hostHeader}connection: keep-alive\r\n`;
    for (const [name, value] of Object.entries(planned.headers ?? {})) head += `${name}: ${value}\r\n`;
    if (planned.body !== undefined) head += `content-length: ${Buffer.byteLength(planned.body)}\r\n`;
    connection.socket.write(`${head}\r\n${planned.body ?? ""}`);
  };
  const release = (connection: Connection) => {
    const next = waiting.shift();
    if (next) write(connection, next);
    else idle.push(connection);
  };
  const open = (first: Due | undefined) => {
    const connection: Connection = {
      socket: undefined as unknown as net.Socket,
      current: undefined,
      reader: new ResponseReader((status, closeAfter) => {
        const answered = connection.current;
        connection.current = undefined;
        answered?.resolve({ status });
        if (closeAfter) connection.socket.destroy();
        else release(connection);
      }),
    };
    connection.socket = net.connect({
      host,
      port,
      noDelay: true,
      onread: {
        buffer: sharedReadBuffer,
        callback: (size) => {
          if (!connection.reader.feed(sharedReadBuffer, 0, size)) connection.socket.destroy(new Error("not an HTTP answer"));
          return true;
        },
      },
    });
    connection.socket.setTimeout(timeoutMs, () => connection.socket.destroy(new Error("timed out")));
    connection.socket.on("error", () => {});
    connection.socket.on("close", () => {
      connections.delete(connection);
      const index = idle.indexOf(connection);
      if (index >= 0) idle.splice(index, 1);
      connection.reader.closed(); // completes an answer whose end is the close; nothing otherwise
      connection.current?.resolve({ error: true });
      connection.current = undefined;
      // What was waiting for a connection gets a new one.
      const next = waiting.shift();
      if (next) open(next);
    });
    connections.add(connection);
    if (first) write(connection, first);
    return connection;
  };
  const dispatch = (due: Due) => {
    const connection = idle.pop();
    if (connection) write(connection, due);
    else if (connections.size < maxConnections) open(due);
    else waiting.push(due);
  };

  // Opened and connected before the clock starts, then idle until a request needs one.
  const opening = Array.from({ length: Math.min(options.openConnections ?? 0, maxConnections) }, () => {
    const connection = open(undefined);
    return new Promise<void>((resolve, reject) => {
      connection.socket.once("connect", () => {
        idle.push(connection);
        resolve();
      });
      connection.socket.once("close", () => reject(new Error(`could not connect to ${baseUrl}`)));
    });
  });
  try {
    await Promise.all(opening);
  } catch (error) {
    for (const connection of connections) connection.socket.destroy();
    throw error;
  }

  const latencies: number[] = [];
  /** The latencies of the requests due in each whole window; a last, partial window is left out. */
  const windowMs = (options.windowSeconds ?? options.seconds) * 1000;
  const windows = Array.from({ length: Math.max(1, Math.floor((options.seconds * 1000) / windowMs)) }, () => [] as number[]);
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let non2xx = 0;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      dispatch({
        planned: options.next(),
        due,
        resolve: (outcome) => {
          if ("error" in outcome) errors++;
          else {
            const latency = performance.now() - due;
            latencies.push(latency);
            windows[Math.floor((due - started) / windowMs)]?.push(latency);
            statusCodes[outcome.status] = (statusCodes[outcome.status] ?? 0) + 1;
            if (outcome.status < 200 || outcome.status > 299) non2xx++;
          }
          resolve();
        },
      });
    });
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Everything due by now goes out now; then sleep until the next one is due (timers wake at ~1 ms).
    while (sent < total && started + sent * interval <= now) {
      inFlight.push(send(started + sent * interval));
      sent++;
    }
    await sleep(Math.max(0, started + sent * interval - performance.now()));
  }
  await Promise.all(inFlight);
  for (const connection of connections) connection.socket.destroy();
  for (const window of windows) window.sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  const at = (fraction: number, sorted = latencies) =>
    sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0);
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    maxMs: latencies.length === 0 ? null : Math.round(latencies[latencies.length - 1] ?? 0),
    errors,
    non2xx,
    statusCodes,
    windowP99Ms: windows.map((window) => at(0.99, window)),
  };
}
