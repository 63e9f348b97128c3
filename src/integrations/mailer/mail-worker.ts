// The mailer's worker thread (started by mailer.ts, never imported): composes each message with nodemailer and hands it
// to the SMTP server, or writes it to the local outbox folder. Composing a MIME message costs about half a millisecond
// of CPU, writing it or talking SMTP more; here that work runs beside the thread that answers requests instead of on it
// (docs/decisions/022-mail-off-the-request-thread.md).
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";

/** What the mailer gives the worker when it starts it. */
export interface MailWorkerData {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/** One message to send, as the mailer posts it. */
export interface MailJob {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The worker's answer for one job: sent (and where, for the outbox), or why not. */
export type MailReceipt =
  | { id: number; ok: true; file: string | undefined }
  | { id: number; ok: false; message: string; code: string | undefined };

const { smtpUrl, from, outboxDir } = workerData as MailWorkerData;
const port = parentPort;
if (!port) throw new Error("mail-worker.ts runs as a worker thread of mailer.ts");

const deliver: (job: MailJob) => Promise<string | undefined> = smtpUrl ? smtpDelivery(smtpUrl) : outboxDelivery();

port.on("message", async (job: MailJob) => {
  let receipt: MailReceipt;
  try {
    receipt = { id: job.id, ok: true, file: await deliver(job) };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    receipt = { id: job.id, ok: false, message: failure.message, code: (failure as NodeJS.ErrnoException).code };
  }
  port.postMessage(receipt);
});

function envelope(job: MailJob) {
  return { from, to: job.to, subject: job.subject, text: job.text, html: job.html };
}

function smtpDelivery(url: string) {
  const transport = nodemailer.createTransport(url);
  return async (job: MailJob) => {
    await transport.sendMail(envelope(job));
    return undefined;
  };
}

/** No SMTP server: every message becomes `DATA_DIR/outbox/*.eml`, where a developer reads it. */
function outboxDelivery() {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (job: MailJob) => {
    const info = await transport.sendMail(envelope(job));
    const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(":", "-")}-${randomBytes(4).toString("hex")}.eml`);
    // The folder is made when a write finds it missing (the first message, or after someone emptied DATA_DIR), not
    // before every message.
    await writeFile(file, info.message as Buffer).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await mkdir(outboxDir, { recursive: true });
      await writeFile(file, info.message as Buffer);
    });
    return file;
  };
}
