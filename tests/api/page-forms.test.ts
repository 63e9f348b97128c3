import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsTestApp, createAccountsTestApp, uniqueIp } from "../support/accounts.ts";
import { TEST_PUBLIC_URL } from "../support/test-app.ts";

// Page form actions read their form through readForm (src/web/lib/actions.server.ts): whatever body a client posts, the
// answer is the form's own result or a 4xx naming the mistake, never the error page's 500.
let t: AccountsTestApp;
let session: string;
beforeAll(async () => {
  t = await createAccountsTestApp({}, true);
  session = (await t.signUpVerified()).token;
});
afterAll(async () => {
  await t?.close();
});

const ACTIONS = ["/signIn", "/signUp", "/verifyOTP", "/changePassword", "/my-account", "/location", "/cart"];

async function post(url: string, body: string | Buffer, contentType?: string) {
  const response = await t.app.server.inject({
    method: "POST",
    url,
    remoteAddress: uniqueIp(),
    cookies: { sid: session },
    headers: {
      host: new URL(TEST_PUBLIC_URL).host,
      origin: TEST_PUBLIC_URL,
      ...(contentType === undefined ? {} : { "content-type": contentType }),
    },
    payload: body,
  });
  return { status: response.statusCode, html: response.body, type: String(response.headers["content-type"]) };
}

const BOUNDARY = "----storefront-test";
const wellFormedMultipart = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="location"',
  "",
  "India",
  `--${BOUNDARY}--`,
  "",
].join("\r\n");

describe("page form actions given a body that is not a form", () => {
  it.each(ACTIONS)("%s answers 415 for JSON, text/plain and no content type, with the reason on the page", async (url) => {
    for (const [body, type] of [
      [JSON.stringify({ email: "a@example.com", password: "x" }), "application/json"],
      ["email=a@example.com", "text/plain"],
      ["email=a@example.com", undefined],
      ["<form/>", "application/xml; charset=utf-8"],
    ] as const) {
      const response = await post(url, body, type);
      expect([url, type, response.status]).toEqual([url, type, 415]);
      expect(response.type).toContain("text/html");
      expect(response.html).toContain("This page takes a form");
    }
  });

  it.each(ACTIONS)("%s answers 400 for a multipart body without its boundary, or one that does not parse", async (url) => {
    const noBoundary = await post(url, wellFormedMultipart, "multipart/form-data");
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.html).toContain("names no boundary");
    const broken = await post(url, `--${BOUNDARY}\r\nContent-Disposition: form-da`, `multipart/form-data; boundary=${BOUNDARY}`);
    expect(broken.status).toBe(400);
    expect(broken.html).toContain("could not be read");
  });

  it("still reads a well-formed multipart form and an empty body", async () => {
    const chosen = await post("/location", wellFormedMultipart, `multipart/form-data; boundary=${BOUNDARY}`);
    expect(chosen.status).toBe(302);
    const empty = await post("/location", "", undefined);
    expect(empty.status).toBe(400);
    expect(empty.html).toContain("Choose a location");
  });
});
