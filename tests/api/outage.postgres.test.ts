import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_PASSWORD } from "../support/accounts.ts";
import { createTestUser } from "../support/builders.ts";
import { collectConsoleErrors, expectOutageAnswers } from "../support/outage.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

// PostgreSQL only (the api-postgres project): its server goes away under the running shop, then comes back.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ web: true });
});
afterAll(async () => {
  await app?.close();
});

describe("a database outage", () => {
  it("is a 503 with Retry-After (JSON on the API, the busy page for pages), and the shop recovers without a restart", async () => {
    const name = new URL(String(app.config.DATABASE_URL)).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const user = await createTestUser(app.db, { password: GOOD_PASSWORD });
    const signIn = await app.server.inject({
      method: "POST",
      url: "/api/user/signin",
      payload: { email: user.email, password: GOOD_PASSWORD },
    });
    const checkLogged = collectConsoleErrors();
    try {
      // Every connection of the shop is cut and no new one is let in: the server is there, the database is not.
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
      await expectOutageAnswers(app, signIn.json().token);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    checkLogged();
    expect((await app.server.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    expect((await app.server.inject({ method: "GET", url: "/api/products?page=1&perPage=7" })).statusCode).toBe(200);
    expect((await app.server.inject({ method: "GET", url: "/", headers: { accept: "text/html" } })).statusCode).toBe(200);
  });
});
