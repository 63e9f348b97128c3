import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/shop-process.ts";
import { startSmtpServer } from "#tests/support/smtp-server.ts";
import { createMailer } from "./mailer.ts";

const silent = { info() {}, error() {} };
const message = { to: "asha@example.com", subject: "Your code", text: "123456\n", html: "<p>123456</p>", preview: "code" };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function outboxMailer(idleMs?: number) {
  const root = await mkdtemp(path.join(tmpdir(), "mailer-"));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const outboxDir = path.join(root, "data", "outbox");
  const logged: object[] = [];
  const mailer = createMailer({
    smtpUrl: undefined,
    from: "shop@example.com",
    outboxDir,
    log: { info: (object) => logged.push(object), error() {} },
    idleMs,
  });
  cleanups.push(() => mailer.close());
  const files = async () => (await readdir(outboxDir)).filter((name) => name.endsWith(".eml"));
  return { mailer, outboxDir, logged, files };
}

describe("the local outbox (no SMTP_URL)", () => {
  it("writes each message as an .eml file, making the folder when it is missing, even after it was removed", async () => {
    const { mailer, outboxDir, files } = await outboxMailer();
    expect(mailer.kind).toBe("outbox");

    await mailer.send(message);
    await mailer.send(message);
    expect(await files()).toHaveLength(2);

    await rm(outboxDir, { recursive: true });
    await mailer.send(message);
    const [file] = await files();
    const written = await readFile(path.join(outboxDir, String(file)), "utf8");
    expect(written).toContain("Subject: Your code");
    expect(written).toContain("From: shop@example.com");
  });

  it("logs where each message went, with its preview", async () => {
    const { mailer, outboxDir, logged } = await outboxMailer();
    await mailer.send(message);
    expect(logged).toEqual([
      expect.objectContaining({
        to: message.to,
        subject: message.subject,
        preview: "code",
        file: expect.stringContaining(outboxDir),
      }),
    ]);
  });

  it("sends many messages at once, each resolved when its own file is written", async () => {
    const { mailer, files } = await outboxMailer();
    await Promise.all(Array.from({ length: 25 }, (_, index) => mailer.send({ ...message, subject: `Message ${index}` })));
    expect(await files()).toHaveLength(25);
  });

  it("keeps working after its worker thread stopped for being idle", async () => {
    const { mailer, files } = await outboxMailer(10);
    await mailer.send(message);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await mailer.send(message);
    expect(await files()).toHaveLength(2);
  });

  it("keeps a process that has nothing else to do alive until its message is written", async () => {
    const { outboxDir, files } = await outboxMailer();
    const script = `
      const { createMailer } = await import(${JSON.stringify(new URL("./mailer.ts", import.meta.url).href)});
      const mailer = createMailer({ smtpUrl: undefined, from: "shop@example.com", outboxDir: ${JSON.stringify(outboxDir)}, log: { info() {}, error() {} } });
      void mailer.send({ to: "asha@example.com", subject: "From a script", text: "t", html: "<p>t</p>" });`;
    const file = path.join(outboxDir, "..", "send-one.mjs");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, script);
    await promisify(execFile)(process.execPath, [file]);
    expect(await files()).toHaveLength(1);
  });

  it("finishes the messages in flight when it is closed", async () => {
    const { mailer, files } = await outboxMailer();
    const sending = Promise.all([mailer.send(message), mailer.send(message), mailer.send(message)]);
    await mailer.close();
    await sending;
    expect(await files()).toHaveLength(3);
  });
});

describe("SMTP (SMTP_URL set)", () => {
  it("hands each message to the mail server", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const mailer = createMailer({ smtpUrl: smtp.url, from: "shop@example.com", outboxDir: "/nonexistent", log: silent });
    cleanups.push(() => mailer.close());
    expect(mailer.kind).toBe("smtp");

    await mailer.send(message);
    const mail = await smtp.waitForMail(message.to);
    expect(mail).toMatchObject({ subject: "Your code", from: "shop@example.com", html: "<p>123456</p>" });
    expect(mail.text.trim()).toBe("123456");
  });

  it("rejects when the mail server cannot be reached, logs the address redacted, and sends the next message once it can", async () => {
    const port = await freePort();
    const errors: object[] = [];
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "shop@example.com",
      outboxDir: "/nonexistent",
      log: { info() {}, error: (object) => errors.push(object) },
    });
    cleanups.push(() => mailer.close());

    const refused = await mailer.send(message).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: expect.any(String) });
    expect(errors).toEqual([expect.objectContaining({ to: "as…@example.com" })]);

    const smtp = await startSmtpServer(port);
    cleanups.push(() => smtp.close());
    await mailer.send(message);
    await smtp.waitForMail(message.to);
  });
});
