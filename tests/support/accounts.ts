import type { InjectOptions } from "fastify";
import { codeOf, type SmtpTestServer, startSmtpServer } from "./smtp-server.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export const GOOD_PASSWORD = "correct horse battery";

let sequence = 0;
/** A fresh e-mail per call, so tests in one file never share an account. */
export function uniqueEmail(prefix = "shopper"): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A fresh client address per call, so per-IP limits of one test never reach another. */
export function uniqueIp(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export interface AccountsTestApp {
  app: TestApp;
  smtp: SmtpTestServer;
  /** inject with a JSON body; `ip` picks the client address (default: a fresh one). */
  call(options: InjectOptions & { ip?: string; token?: string }): Promise<{
    status: number;
    body: Record<string, unknown> & { msg?: string };
    headers: Record<string, unknown>;
    cookies: { name: string; value: string }[];
  }>;
  signUp(email?: string, password?: string, ip?: string): Promise<{ email: string }>;
  signUpVerified(email?: string, password?: string): Promise<{ email: string; userId: string; token: string }>;
  signIn(email: string, password?: string, ip?: string): ReturnType<AccountsTestApp["call"]>;
  close(): Promise<void>;
}

/** The shop with a real SMTP server behind it, and helpers for the accounts flows. */
export async function createAccountsTestApp(env: Record<string, string> = {}, web = false): Promise<AccountsTestApp> {
  const smtp = await startSmtpServer();
  const app = await createTestApp({ env: { SMTP_URL: smtp.url, ...env }, web });

  const call: AccountsTestApp["call"] = async ({ ip, token, headers, ...options }) => {
    const response = await app.server.inject({
      ...options,
      remoteAddress: ip ?? uniqueIp(),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    } as InjectOptions);
    let body: Record<string, unknown> = {};
    try {
      body = response.json();
    } catch {
      body = { raw: response.body };
    }
    return { status: response.statusCode, body, headers: response.headers, cookies: response.cookies };
  };

  const harness: AccountsTestApp = {
    app,
    smtp,
    call,
    async signUp(email = uniqueEmail(), password = GOOD_PASSWORD, ip) {
      const response = await call({
        method: "POST",
        url: "/api/user/signup",
        payload: { name: "Asha Rao", email, phone: "9876543210", password, isAdmin: false },
        ip,
      });
      if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
      return { email };
    },
    async signUpVerified(email = uniqueEmail(), password = GOOD_PASSWORD) {
      const before = smtp.mailsTo(email).length;
      await harness.signUp(email, password);
      const code = codeOf(await smtp.waitForMail(email, { after: before }));
      const verified = await call({ method: "POST", url: "/api/user/verifyemail", payload: { email, otp: code } });
      if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
      const signedIn = await harness.signIn(email, password);
      const user = signedIn.body.user as { id: string };
      return { email, userId: user.id, token: signedIn.body.token as string };
    },
    signIn: (email, password = GOOD_PASSWORD, ip) =>
      call({ method: "POST", url: "/api/user/signin", payload: { email, password }, ip }),
    async close() {
      await app.close();
      await smtp.close();
    },
  };
  return harness;
}
