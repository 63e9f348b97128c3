import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewMessages, sessionMessages } from "#shared/messages.ts";
import { type AccountsTestApp, createAccountsTestApp, uniqueIp } from "../support/accounts.ts";
import { createTestProduct, type TestProduct } from "../support/builders.ts";
import { TEST_PUBLIC_URL } from "../support/test-app.ts";

// The product page's review form without JavaScript: a plain form POST to the product route's action, through the
// same service and rules as the API.
let t: AccountsTestApp;
beforeAll(async () => {
  t = await createAccountsTestApp({}, true);
});
afterAll(async () => {
  await t?.close();
});

async function page(method: "GET" | "POST", url: string, options: { sid?: string; form?: Record<string, string> } = {}) {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const response = await t.app.server.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    cookies: options.sid ? { sid: options.sid } : {},
    headers: {
      host: new URL(TEST_PUBLIC_URL).host,
      ...(body !== undefined ? { "content-type": "application/x-www-form-urlencoded", origin: TEST_PUBLIC_URL } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

const reviewUrl = (product: TestProduct) => `/product/${product.id}?tab=reviews`;
const submit = (product: TestProduct, form: Record<string, string>, sid?: string) =>
  page("POST", reviewUrl(product), { form: { intent: "add-review", customerRating: "1", ...form }, ...(sid ? { sid } : {}) });

describe("the review form", () => {
  it("is a real form posting to the product page with named fields, the rating at one star", async () => {
    const product = await createTestProduct(t.app.db);
    const { html } = await page("GET", reviewUrl(product));
    const form = /<form[^>]*aria-labelledby[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toMatch(/method="post"/);
    expect(form).toContain(`action="/product/${product.id}?tab=reviews"`);
    expect(form).toContain('name="intent" value="add-review"');
    expect(form).toMatch(/<textarea[^>]*name="review"[^>]*maxLength="2000"|<textarea[^>]*maxLength="2000"[^>]*name="review"/i);
    expect(form.match(/type="radio"[^>]*name="customerRating"/g)).toHaveLength(10);
    expect(form.match(/<input type="radio"[^>]*checked=""[^>]*>/g)).toEqual([expect.stringContaining('value="1"')]);
    expect(form).toMatch(/<button type="submit"[^>]*>.*Submit Review<\/button>/);
    expect(html).toContain("No reviews yet.");
  });

  it("asks a visitor to log in, with a way back to the form", async () => {
    const product = await createTestProduct(t.app.db);
    const answer = await submit(product, { review: "Posted without an account." });
    expect(answer.status).toBe(401);
    expect(answer.html).toContain(sessionMessages.reviewLoginFirst);
    expect(answer.html).toContain(`href="/signIn?redirectTo=${encodeURIComponent(reviewUrl(product))}"`);
    expect(answer.html).toContain("No reviews yet.");
  });

  it("posts a signed-in shopper's review: first in the list, counted, rated, with the histogram", async () => {
    const product = await createTestProduct(t.app.db);
    const { token } = await t.signUpVerified();
    const answer = await submit(product, { review: "Sturdy and\r\nwell made.", customerRating: "4.5" }, token);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(reviewMessages.added);
    expect(answer.html).toContain("Sturdy and\nwell made.");
    expect(answer.html).toMatch(/Reviews \((<!-- -->)?1(<!-- -->)?\)/);
    expect(answer.html).toContain('aria-label="Rated 4.5 out of 5"');
    expect(answer.html).toMatch(/<th scope="row"[^>]*>4<!-- --> <!-- -->stars<\/th>/);

    const again = await submit(product, { review: "Changed my mind.", customerRating: "2" }, token);
    expect(again.html).toContain(reviewMessages.replaced);
    expect(again.html).not.toContain("Sturdy and");
  });

  it("answers a blank review, a bad rating and an unknown intent with the form's messages", async () => {
    const product = await createTestProduct(t.app.db);
    const { token } = await t.signUpVerified();
    expect(await submit(product, { review: "  " }, token)).toMatchObject({
      status: 400,
      html: expect.stringContaining(reviewMessages.blank),
    });
    expect(await submit(product, { review: "Fine.", customerRating: "4.3" }, token)).toMatchObject({
      status: 400,
      html: expect.stringContaining(reviewMessages.rating),
    });
    expect(await submit(product, { review: "Fine.", intent: "delete-everything" }, token)).toMatchObject({
      status: 400,
      html: expect.stringContaining(reviewMessages.unknownIntent),
    });
    expect((await page("GET", reviewUrl(product))).html).toContain("No reviews yet.");
  });
});
