import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type ApiProduct, allProducts, expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";
import { harness } from "./support/shop-api.ts";

// The back office's orders (issue 34, item 1): an order paid with the test provider is shipped by the owner and the
// shopper sees its tracking number on their Orders page; another is refunded by half. Every page passes axe.

const panel = (page: Page, title: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: title, exact: true }) });

let products: ApiProduct[] = [];
test.beforeAll(async ({ request }) => {
  products = (await allProducts(request)).filter((p) => p.countInStock >= 5).sort((a, b) => (a.id < b.id ? -1 : 1));
});

/** A new shopper (Google sign-in through the harness) who pays for one product with the test provider; the order id. */
async function paidOrder(browser: Browser, product: ApiProduct): Promise<{ orderId: string; shopper: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `orders-${randomUUID().slice(0, 8)}@example.com`;
  await page.route("https://accounts.google.com/**", (route) => route.abort());
  await page.goto("/signIn?redirectTo=%2Forders");
  const token = (await (
    await fetch(`${harness}/google/token?email=${encodeURIComponent(email)}&name=${encodeURIComponent("Meera Iyer")}`)
  ).json()) as { credential: string };
  await page.waitForFunction(() => document.querySelector('script[src="https://accounts.google.com/gsi/client"]') !== null);
  await page.locator('#google-sign-in input[name="credential"]').evaluate((input: HTMLInputElement, value) => {
    input.value = value;
  }, token.credential);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const origin = new URL(page.url()).origin;
  const added = await page.request.post("/api/cart/add", {
    headers: { origin },
    data: {
      productId: product.id,
      quantity: 1,
      productRam: product.productRam[0],
      size: product.size[0],
      productWeight: product.productWeight[0],
    },
  });
  expect(added.status()).toBe(201);
  const checkout = await page.request.post("/api/orders/checkout", {
    headers: { origin },
    data: {
      fullName: "Meera Iyer",
      country: "India",
      streetAddressLine1: "7 Residency Road",
      city: "Bengaluru",
      state: "Karnataka",
      zipCode: "560025",
      phoneNumber: "9845012345",
      email,
    },
  });
  expect(checkout.status()).toBe(201);
  const orderId = ((await checkout.json()) as { orderId: string }).orderId;
  await page.goto(`/checkout/pay/${orderId}`);
  await page.getByRole("button", { name: /\(test payment\)$/ }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your order is placed." })).toBeVisible();
  return { orderId, shopper: page };
}

const productFor = (project: string, index: number) => {
  const parity = project === "mobile" ? 1 : 0;
  const mine = products.filter((p) => Number.parseInt(p.id.slice(-1), 16) % 2 === parity);
  const product = mine[index];
  if (!product) throw new Error("the demo catalogue has products in stock");
  return product;
};

test("ship an order in the back office and see its tracking number on the shopper's Orders page", async ({
  browser,
  page,
}, testInfo) => {
  test.slow();
  const { orderId, shopper } = await paidOrder(browser, productFor(testInfo.project.name, 0));
  await signInAsOwner(page, "/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");

  await page.getByLabel("Search").fill(orderId);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${orderId}`));
  await expect(page.getByRole("table").getByRole("link")).toHaveCount(1);
  await page.getByRole("link", { name: `${orderId} order of Meera Iyer` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expectNoSeriousAxeViolations(page, "body");

  const tracking = `DL${Date.now()}IN`;
  const ship = panel(page, "Ship");
  await ship.getByLabel("Carrier").fill("Delhivery");
  await ship.getByLabel("Tracking number").fill(tracking);
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByRole("status")).toContainText("Marked shipped");
  await expect(panel(page, "Shipping")).toContainText(tracking);
  await expectNoSeriousAxeViolations(page, "body");

  await shopper.goto("/orders");
  await expect(shopper.getByRole("row").filter({ hasText: orderId })).toContainText(tracking);
  await shopper.context().close();
});

test("refund half an order", async ({ browser, page }, testInfo) => {
  test.slow();
  const product = productFor(testInfo.project.name, 1);
  const { orderId, shopper } = await paidOrder(browser, product);
  await shopper.context().close();
  await signInAsOwner(page, `/admin/orders/${orderId}`);
  const refund = panel(page, "Refund");
  const full = Number(await refund.getByLabel("Amount (Rs)").inputValue());
  const half = Math.round((full / 2) * 100) / 100;
  await refund.getByLabel("Amount (Rs)").fill(String(half));
  await refund.getByLabel("Reason").fill("One of two items arrived damaged");
  await refund.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByRole("status")).toContainText("processed");
  await expect(panel(page, "Refunds")).toContainText("One of two items arrived damaged");
  await expect(panel(page, "Refunds")).toContainText("processed");
  await expect(panel(page, "Refund")).toContainText(`Up to Rs ${new Intl.NumberFormat("en-IN").format(full - half)}`);
  await expectNoSeriousAxeViolations(page, "body");
});
