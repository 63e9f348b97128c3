import { Worker } from "node:worker_threads";
import type { Mailer, MailMessage } from "#domain/accounts/ports.ts";
import type { MailJob, MailReceipt, MailWorkerData } from "./mail-worker.ts";

interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; unset = the local outbox. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Log;
  /** Idle time after which the worker thread stops (the next message starts it again). */
  idleMs?: number;
}

/**
 * SMTP when `SMTP_URL` is set, else `DATA_DIR/outbox/*.eml`, sent by an on-demand worker thread (decision 022). `send`
 * resolves once the server or folder has the message and rejects with the worker's error otherwise, so retries still work.
 */
export function createMailer(options: MailerOptions): Mailer & { kind: "smtp" | "outbox"; close(): Promise<void> } {
  const kind = options.smtpUrl ? "smtp" : "outbox";
  // Starting a worker is costly (an isolate, TypeScript stripping, nodemailer): a quiet shop pays it rarely.
  const idleMs = options.idleMs ?? 5 * 60_000;
  type Waiter = { resolve: (file: string | undefined) => void; reject: (error: Error) => void };
  // Each worker holds its own messages: a dying one fails only those.
  let current: { thread: Worker; waiting: Map<number, Waiter> } | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<unknown>>();
  let nextId = 1;

  function start() {
    const workerData: MailWorkerData = { smtpUrl: options.smtpUrl, from: options.from, outboxDir: options.outboxDir };
    const thread = new Worker(new URL("./mail-worker.ts", import.meta.url), {
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    const started = { thread, waiting: new Map<number, Waiter>() };
    thread.on("message", (receipt: MailReceipt) => {
      const waiter = started.waiting.get(receipt.id);
      if (!waiter) return;
      started.waiting.delete(receipt.id);
      if (receipt.ok) waiter.resolve(receipt.file);
      else waiter.reject(Object.assign(new Error(receipt.message), receipt.code === undefined ? {} : { code: receipt.code }));
      if (started.waiting.size === 0) {
        thread.unref();
        stopWhenIdle();
      }
    });
    // A worker that died (it should not: each send catches its errors) fails what it held; the next send starts another.
    const gone = (error: Error) => {
      if (current === started) current = undefined;
      for (const waiter of started.waiting.values()) waiter.reject(error);
      started.waiting.clear();
    };
    thread.on("error", gone);
    thread.on("exit", (code) => gone(new Error(`the mail worker stopped (exit code ${code})`)));
    return started;
  }

  function stopWhenIdle() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (!current || current.waiting.size > 0) return;
      const idle = current;
      current = undefined;
      void idle.thread.terminate();
    }, idleMs);
    idleTimer.unref();
  }

  function deliver(message: MailMessage): Promise<string | undefined> {
    clearTimeout(idleTimer);
    current ??= start();
    const { thread, waiting } = current;
    // A message in flight keeps the process alive (a script that sends one waits for it); an idle worker does not.
    thread.ref();
    const job: MailJob = { id: nextId++, to: message.to, subject: message.subject, text: message.text, html: message.html };
    const delivered = new Promise<string | undefined>((resolve, reject) => waiting.set(job.id, { resolve, reject }));
    thread.postMessage(job);
    inFlight.add(delivered);
    const forget = () => inFlight.delete(delivered);
    delivered.then(forget, forget);
    return delivered;
  }

  return {
    kind,
    async send(message) {
      if (kind === "smtp") {
        try {
          await deliver(message);
        } catch (error) {
          options.log.error({ err: error, to: redactAddress(message.to) }, "e-mail could not be sent");
          throw error;
        }
        return;
      }
      const file = await deliver(message);
      options.log.info(
        { to: message.to, subject: message.subject, preview: message.preview, file },
        "e-mail written to the outbox",
      );
    },
    /** Waits for the messages in flight, then stops the worker. */
    async close() {
      clearTimeout(idleTimer);
      await Promise.allSettled(inFlight);
      const closing = current;
      current = undefined;
      await closing?.thread.terminate();
    },
  };
}

function redactAddress(address: string): string {
  const [local = "", domain = ""] = address.split("@");
  return `${local.slice(0, 2)}…@${domain}`;
}
