import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server in-process (the `smtp-server` package) on a loopback port: the shop sends through nodemailer as it
 * would in production, and tests read what arrived. `waitForCode` returns the six digits of the newest mail to `to`.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          ...parseMessage(raw),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  server.listen(port, "127.0.0.1");
  await once(server.server, "listening");
  const address = server.server.address() as AddressInfo;

  function mailsTo(to: string) {
    return received.filter((mail) => mail.to.includes(to.toLowerCase()));
  }

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    mailsTo,
    /** Resolves with the newest mail to `to` after `count` mails arrived for it (default: one more than now). */
    async waitForMail(to: string, options: { after?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
      const after = options.after ?? 0;
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      while (mailsTo(to).length <= after) {
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within the timeout`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
      return mailsTo(to).at(-1) as ReceivedMail;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The six-digit code of a mail: the line of its text part that holds the code alone (a name may have six digits too). */
export function codeOf(mail: ReceivedMail): string {
  const code = /^[ \t]*(\d{6})[ \t]*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail "${mail.subject}"`);
  return code;
}

/** Just enough MIME for our own mails: the Subject header and the text/plain and text/html parts (quoted-printable). */
function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const [head = "", ...rest] = raw.replaceAll("\r\n", "\n").split("\n\n");
  const body = rest.join("\n\n");
  const headers = head.replace(/\n[ \t]+/g, " ");
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? "";
  const part = (type: string) => {
    const match = new RegExp(`content-type:\\s*${type}[^\\n]*\\n(?:[^\\n]+\\n)*\\n([\\s\\S]*?)(?=\\n--|$)`, "i").exec(body);
    const section = match?.[0] ?? "";
    const content = match?.[1] ?? "";
    return /quoted-printable/i.test(section) ? decodeQuotedPrintable(content) : content;
  };
  return { subject, text: part("text/plain"), html: part("text/html") };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}
