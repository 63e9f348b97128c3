import { describe, it } from "vitest";
import { createAccountsTestApp } from "../support/accounts.ts";
import { collectConsoleErrors, expectOutageAnswers } from "../support/outage.ts";

// The embedded database only (the api-pglite project): PGlite closed under the running shop.
describe("a database outage", () => {
  it("is a 503 on the embedded database too, once PGlite is closed under the shop", async () => {
    const accounts = await createAccountsTestApp({}, true);
    try {
      const { token } = await accounts.signUpVerified();
      const checkLogged = collectConsoleErrors();
      await (accounts.app.db as unknown as { $client: { close(): Promise<void> } }).$client.close();
      await expectOutageAnswers(accounts.app, token);
      checkLogged();
    } finally {
      await accounts.close();
    }
  });
});
