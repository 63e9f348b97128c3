// The mailer's worker thread (started by mailer.ts, never imported): composes each message with nodemailer and sends it
// by SMTP or writes it to the outbox, off the request thread (docs/decisions/022-mail-off-the-request-thread.md).
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";

export interface MailWorkerData {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

export interface MailJob {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

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
    // The folder is made when a write finds it missing (first message, or DATA_DIR emptied), not before every message.
    await writeFile(file, info.message as Buffer).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await mkdir(outboxDir, { recursive: true });
      await writeFile(file, info.message as Buffer);
    });
    return file;
  };
}
