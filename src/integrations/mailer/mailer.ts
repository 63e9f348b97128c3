import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "#domain/accounts/ports.ts";

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
}

/**
 * The mailer port over nodemailer: SMTP when `SMTP_URL` is set; otherwise every message is written to
 * `DATA_DIR/outbox/*.eml` and its subject logged, so the shop works offline with no configuration.
 */
export function createMailer(options: MailerOptions): Mailer & { kind: "smtp" | "outbox"; close(): void } {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        try {
          await transport.sendMail(envelope(options.from, message));
        } catch (error) {
          options.log.error({ err: error, to: redactAddress(message.to) }, "e-mail could not be sent");
          throw error;
        }
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replaceAll(":", "-")}-${randomBytes(4).toString("hex")}.eml`,
      );
      // The folder is made when a write finds it missing (the first message, or after someone emptied DATA_DIR), not
      // before every message.
      await writeFile(file, info.message as Buffer).catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        await mkdir(options.outboxDir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      });
      // No SMTP server: the developer reads the code here (or in the .eml file).
      options.log.info(
        { to: message.to, subject: message.subject, preview: message.preview, file },
        "e-mail written to the outbox",
      );
    },
    close: () => {},
  };
}

function envelope(from: string, message: MailMessage) {
  return { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
}

function redactAddress(address: string): string {
  const [local = "", domain = ""] = address.split("@");
  return `${local.slice(0, 2)}…@${domain}`;
}
