import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./mailer.ts";

const silent = { info() {}, error() {} };
const message = { to: "asha@example.com", subject: "Your code", text: "123456\n", html: "<p>123456</p>", preview: "code" };

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe("the local outbox (no SMTP_URL)", () => {
  it("writes each message as an .eml file, making the folder when it is missing, even after it was removed", async () => {
    root = await mkdtemp(path.join(tmpdir(), "mailer-"));
    const outboxDir = path.join(root, "data", "outbox");
    const mailer = createMailer({ smtpUrl: undefined, from: "shop@example.com", outboxDir, log: silent });
    expect(mailer.kind).toBe("outbox");

    await mailer.send(message);
    await mailer.send(message);
    expect((await readdir(outboxDir)).filter((name) => name.endsWith(".eml"))).toHaveLength(2);

    await rm(outboxDir, { recursive: true });
    await mailer.send(message);
    expect((await readdir(outboxDir)).filter((name) => name.endsWith(".eml"))).toHaveLength(1);
  });
});
