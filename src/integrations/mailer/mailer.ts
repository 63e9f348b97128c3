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
  /** Where the outbox writes `.eml` files when no SMTP server is configured. */
  outboxDir: string;
  log: Log;
  /** How long the worker thread waits for the next message before it stops (it starts again with the next one). */
  idleMs?: number;
}

/**
 * The mailer port over nodemailer: SMTP when `SMTP_URL` is set; otherwise every message is written to
 * `DATA_DIR/outbox/*.eml` and its subject logged, so the shop works offline with no configuration.
 *
 * Messages are composed and sent by a worker thread (mail-worker.ts), started with the first message and stopped after
 * `idleMs` without one, so that a sale's confirmation e-mails do not take the request thread's CPU
 * (docs/decisions/022-mail-off-the-request-thread.md). `send` still resolves only once the mail server (or the outbox
 * folder) has the message, and rejects with the worker's error when it does not, so callers' retries are unchanged.
 */
export function createMailer(options: MailerOptions): Mailer & { kind: "smtp" | "outbox"; close(): Promise<void> } {
  const kind = options.smtpUrl ? "smtp" : "outbox";
  // Starting one costs about 130 ms (an isolate, TypeScript stripping, nodemailer): a quiet shop pays it rarely.
  const idleMs = options.idleMs ?? 5 * 60_000;
  type Waiter = { resolve: (file: string | undefined) => void; reject: (error: Error) => void };
  /** The running worker and the messages it holds (each worker its own: a dying one fails only its messages). */
  let current: { thread: Worker; waiting: Map<number, Waiter> } | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<unknown>>();
  let nextId = 1;

  function start() {
    const workerData: MailWorkerData = { smtpUrl: options.smtpUrl, from: options.from, outboxDir: options.outboxDir };
    const thread = new Worker(new URL("./mail-worker.ts", import.meta.url), {
      workerData,
      // A small heap of its own: it holds the messages in flight and nodemailer.
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
    // A worker that died (it should not: each send catches its own errors) fails what it held; the next send starts
    // another.
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
      // No SMTP server: the developer reads the code here (or in the .eml file).
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
