import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { truncate } from "../../src/shared/text.ts";
import { type ApiProduct, allProducts, expectNoSeriousAxeViolations } from "./browsing-helpers.ts";

// Checkout with the test payment provider (the e2e shop has no Razorpay keys): billing details checked in the spec's
// order, the stock held while paying, the payment verified on the server, the order on /orders with its products.
const harness = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

let products: ApiProduct[] = [];
test.beforeAll(async ({ request }) => {
  products = (await allProducts(request)).sort((a, b) => (a.id < b.id ? -1 : 1));
});

/**
 * Products of this viewport alone (desktop and mobile run at once, and the stock each one holds is asserted): chosen by
 * their ids (last hex digit even for desktop, odd for mobile), never by their place in a list another test changes;
 * three in stock, the first two for the scripted test, the third for the test without scripts.
 */
function productsOf(project: string): [ApiProduct, ApiProduct, ApiProduct] {
  const parity = project === "mobile" ? 1 : 0;
  const mine = products.filter((p) => Number.parseInt(p.id.slice(-1), 16) % 2 === parity && p.countInStock >= 3).slice(-3);
  if (mine.length < 3) throw new Error("the demo catalogue has products in stock");
  return mine as [ApiProduct, ApiProduct, ApiProduct];
}

/** A new account through Google sign-in (no sign-up limit), landing on `redirectTo`. */
async function signInWithGoogle(page: Page, redirectTo: string, name: string, { javaScript = true } = {}) {
  const email = `checkout-${randomUUID().slice(0, 8)}@example.com`;
  await page.route("https://accounts.google.com/**", (route) => route.abort());
  await page.goto(`/signIn?redirectTo=${encodeURIComponent(redirectTo)}`);
  const token = (await (
    await fetch(`${harness}/google/token?email=${encodeURIComponent(email)}&name=${encodeURIComponent(name)}`)
  ).json()) as { credential: string };
  // The credential goes in once React has committed the form: its effects run after that, and the first of them asks
  // for Google's script, so that script's element is the sign. (The hidden input has no default of its own for React to
  // write back: google-sign-in.tsx.)
  if (javaScript) {
    await page.waitForFunction(() => document.querySelector('script[src="https://accounts.google.com/gsi/client"]') !== null);
  }
  await page.locator('#google-sign-in input[name="credential"]').evaluate((input: HTMLInputElement, value) => {
    input.value = value;
  }, token.credential);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  return email;
}

/** Adds a product to the signed-in shopper's cart through the API, with the page's own session cookie. */
async function addToCart(page: Page, product: ApiProduct, quantity: number) {
  const answer = await page.request.post("/api/cart/add", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      productId: product.id,
      quantity,
      productRam: product.productRam[0],
      size: product.size[0],
      productWeight: product.productWeight[0],
    },
  });
  expect(answer.status()).toBe(201);
}

const billing = {
  "Full Name": "Asha Menon",
  "Street address": "12 MG Road",
  "Town / City": "Bengaluru",
  "State / County": "Karnataka",
  "Postcode / ZIP": "560001",
  "Phone Number": "9876543210",
} as const;

test("checkout asks for each billing field in the spec's order, holds the stock, pays, and shows the order", async ({
  page,
}, testInfo) => {
  // Eight refused submissions, a payment and the orders page: up to a minute when two browsers share 2 cores.
  test.slow();
  const [first, second] = productsOf(testInfo.project.name);
  await signInWithGoogle(page, "/cart", "Asha Menon");
  await expect(page).toHaveURL(/\/cart$/);
  await addToCart(page, first, 2);
  await addToCart(page, second, 1);
  const stockBefore = (await (await page.request.get(`/api/products/${first.id}`)).json()).countInStock as number;

  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "BILLING DETAILS" })).toBeVisible();
  await expect(page.getByRole("cell", { name: new RegExp(`^${escapeRegExp(truncate(first.name, 20))}`) })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The account's name and e-mail come prefilled; emptied, every field is asked for in the spec's order.
  await page.getByLabel("Full Name").fill("");
  await page.getByLabel("Email Address").fill("");
  const submit = page.getByRole("button", { name: "Checkout" });
  const steps: [string, () => Promise<void>][] = [
    ["Please fill full name", () => page.getByLabel("Full Name").fill(billing["Full Name"])],
    [
      "Please fill country",
      () =>
        page
          .getByLabel("Country")
          .selectOption("India")
          .then(() => {}),
    ],
    ["Please fill Street address", () => page.getByLabel("Street address", { exact: true }).fill(billing["Street address"])],
    ["Please fill city", () => page.getByLabel("Town / City").fill(billing["Town / City"])],
    ["Please fill state", () => page.getByLabel("State / County").fill(billing["State / County"])],
    ["Please fill zipCode", () => page.getByLabel("Postcode / ZIP").fill(billing["Postcode / ZIP"])],
    ["Please fill phone Number", () => page.getByLabel("Phone Number").fill(billing["Phone Number"])],
    ["Please fill email", () => page.getByLabel("Email Address").fill("asha@example.com")],
  ];
  for (const [message, fill] of steps) {
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText(message);
    // What was typed so far is still there.
    await expect(page.getByLabel("Full Name")).toHaveValue(message === "Please fill full name" ? "" : billing["Full Name"]);
    await fill();
  }
  await submit.click();

  // The payment step: the test provider, clearly labelled, and the time the stock is held.
  await expect(page).toHaveURL(/\/checkout\/pay\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Test payment", { exact: true })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^1[45]:\d\d$/);
  await expectNoSeriousAxeViolations(page);
  const held = (await (await page.request.get(`/api/products/${first.id}`)).json()).countInStock as number;
  expect(held).toBe(stockBefore - 2);
  const orderId = page.url().split("/").pop() as string;

  await page.getByRole("button", { name: /\(test payment\)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/done/${orderId}$`));
  await expect(page.getByRole("heading", { name: "Thank you! Your order is placed." })).toBeVisible();
  // Paid once: the stock stays where the hold put it, and the cart is empty.
  expect((await (await page.request.get(`/api/products/${first.id}`)).json()).countInStock).toBe(held);
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart\b/ })).toHaveAccessibleName(/\b0 items$/);

  await page.getByRole("link", { name: "View your orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const row = page.getByRole("row").filter({ hasText: orderId });
  await expect(row).toBeVisible();
  await expect(row.getByText("paid", { exact: true })).toHaveClass(/bg-green-700/);
  await expect(row).toContainText("Asha Menon");
  await expect(row).toContainText("560001");
  await expectNoSeriousAxeViolations(page);

  await row.getByRole("link", { name: `Click here to view the products of order ${orderId}` }).click();
  const dialog = page.getByRole("dialog", { name: /Products/ });
  await expect(dialog).toBeVisible();
  const line = dialog.getByRole("row").filter({ has: page.getByRole("cell", { name: first.id, exact: true }) });
  await expect(line.getByRole("cell").nth(1)).toHaveText(truncate(first.name, 30));
  await expect(line.getByRole("cell").nth(3)).toHaveText("2");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/orders$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("checkout keeps the values on an error, pays with the test provider and lists the order", async ({ page }, testInfo) => {
    const [, , second] = productsOf(testInfo.project.name);
    // Google's sign-in fallback form needs no script either.
    await signInWithGoogle(page, "/checkout", "Dev Patel", { javaScript: false });
    await expect(page).toHaveURL(/\/checkout$/);
    await addToCart(page, second, 1);
    await page.reload();

    await page.getByLabel("Country").selectOption("India");
    await page.getByLabel("Street address", { exact: true }).fill("4 Park Street");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please fill city");
    await expect(page.getByLabel("Street address", { exact: true })).toHaveValue("4 Park Street");
    await expect(page.getByLabel("Country")).toHaveValue("India");

    await page.getByLabel("Town / City").fill("Kolkata");
    await page.getByLabel("State / County").fill("West Bengal");
    await page.getByLabel("Postcode / ZIP").fill("700016");
    await page.getByLabel("Phone Number").fill("9123456780");
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout\/pay\//);
    const orderId = page.url().split("/").pop() as string;
    await page.getByRole("button", { name: /\(test payment\)$/ }).click();
    await expect(page.getByRole("heading", { name: "Thank you! Your order is placed." })).toBeVisible();

    await page.goto("/orders");
    const row = page.getByRole("row").filter({ hasText: orderId });
    await row.getByRole("link", { name: `Click here to view the products of order ${orderId}` }).click();
    await expect(page.getByRole("heading", { name: /Products/ })).toBeVisible();
    await expect(page.getByRole("cell", { name: second.id, exact: true })).toBeVisible();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
