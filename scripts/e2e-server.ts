// The server Playwright tests run against: the production build on a fresh data directory (demo catalogue seeded at
// start, images rendered), so every run starts from the same shop and never touches the developer's .data/.
// Beside it run the real peers the account flows need: an SMTP server that receives the shop's mail, and a local
// OpenID issuer standing in for Google. A small harness endpoint (PORT + 1, loopback, test runs only) lets the
// browser tests read the code of the newest mail and get an ID token signed by that issuer.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { startOidcIssuer } from "../tests/support/oidc-issuer.ts";
import { codeOf, startSmtpServer } from "../tests/support/smtp-server.ts";

const root = path.resolve(import.meta.dirname, "..");
// Test what the sources say, not a stale build (`npx playwright test` may run without `npm test`).
const build = spawnSync(process.execPath, ["scripts/build-if-needed.ts"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
// E2E_DATA_DIR (with E2E_PORT) lets two runs share a machine without sharing a database.
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? "reports/e2e-data");
// Rendered images survive between runs (they are deterministic); the database does not.
rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
rmSync(path.join(dataDir, "pglite.lock"), { force: true });

const port = Number(process.env.PORT ?? 3100);
const smtp = await startSmtpServer();
const issuer = await startOidcIssuer();

const harness = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  try {
    const to = url.searchParams.get("to") ?? "";
    if (url.pathname === "/mail/count") return json(200, { count: smtp.mailsTo(to).length });
    if (url.pathname === "/mail/code") {
      const mail = await smtp.waitForMail(to, { after: Number(url.searchParams.get("after") ?? 0), timeoutMs: 10_000 });
      return json(200, { code: codeOf(mail), subject: mail.subject, count: smtp.mailsTo(to).length });
    }
    if (url.pathname === "/google/token") {
      const email = url.searchParams.get("email") ?? "";
      const credential = await issuer.sign({
        email,
        name: url.searchParams.get("name") ?? "Google Shopper",
        sub: `sub-${email}`,
      });
      return json(200, { credential });
    }
    if (url.pathname === "/owner") {
      owner ??= becomeOwner();
      return json(200, await owner);
    }
    json(404, { error: "not found" });
  } catch (error) {
    json(500, { error: error instanceof Error ? error.message : String(error) });
  }
});
harness.listen(port + 1, "127.0.0.1");

// The back office's specs share one owner, made as a person would: an account, then the one-time link the shop prints
// while it has no owner (decision 031). Asked for once; every later call gets the same credentials.
const OWNER = { email: "owner-e2e@example.com", password: "correct horse battery staple" };
let owner: Promise<typeof OWNER> | undefined;
let claimToken: string | undefined;

async function becomeOwner(): Promise<typeof OWNER> {
  const shop = `http://127.0.0.1:${port}`;
  const headers = { "content-type": "application/json", "x-forwarded-for": "198.19.0.1" };
  const post = (path: string, body: unknown) => fetch(`${shop}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  await post("/api/user/signup", { name: "Olga Owner", email: OWNER.email, phone: "9876543210", password: OWNER.password });
  const code = codeOf(await smtp.waitForMail(OWNER.email, { after: 0, timeoutMs: 10_000 }));
  await post("/api/user/verifyemail", { email: OWNER.email, otp: code });
  const { token } = (await (await post("/api/user/signin", OWNER)).json()) as { token: string };
  for (let tries = 0; !claimToken && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  const claimed = await fetch(`${shop}/admin/claim/${claimToken}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded", origin: shop },
    body: "",
    redirect: "manual",
  });
  if (claimed.status !== 303) throw new Error(`the owner's link did not work: ${claimed.status}`);
  return OWNER;
}

// Always the embedded database, whatever the shell has configured.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  MAIL_FROM: "Storefront <shop@storefront.test>",
  GOOGLE_CLIENT_ID: issuer.clientId,
  GOOGLE_ISSUER: issuer.issuer,
  // Short enough that a test can wait out the re-send cooldown (default 60 s) between two codes to one address.
  OTP_RESEND_SECONDS: "3",
  // Accounts the specs make through the API name a network of their own (X-Forwarded-For), so the sign-up limit per
  // network counts only the browsers' sign-ups, all from this machine.
  TRUST_PROXY: "127.0.0.1",
  // Every browser signs in from this one machine, a hundred times and more in a run: five times this per network.
  SIGNIN_MAX_FAILURES: "60",
};
delete env.DATABASE_URL;
const child = spawn(process.execPath, ["src/server/main.ts"], { cwd: root, stdio: ["inherit", "pipe", "inherit"], env });
// The shop's log passes through; the owner's one-time link is read from it on the way.
child.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  claimToken ??= /\/admin\/claim\/([\w-]{20,})/.exec(chunk.toString())?.[1];
});
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", async (code) => {
  harness.close();
  await Promise.allSettled([smtp.close(), issuer.close()]);
  process.exit(code ?? 0);
});
