import { expect, type Page, test } from "@playwright/test";
import { allProducts, expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";
import { createVerifiedAccount } from "./support/shop-api.ts";

// Issue 34, item 2: the owner fills the shop's settings, prints a paid order's tax invoice (number, GSTIN, tax and the
// amount in words), and the shopper opens the same invoice from their Orders page; every page passes axe.

const PASSWORD = "invoice printing 2026";
const GSTIN = "29AAPFU0939F1ZR";

/** A new shopper signed in on `page`, with a paid order (the test provider) of one product in stock; its id. */
async function shopperWithPaidOrder(page: Page, project: string): Promise<string> {
  const email = await createVerifiedAccount(page.request, { prefix: `invoice-${project}`, password: PASSWORD });
  await page.goto("/signIn?redirectTo=%2Forders");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);

  const products = await allProducts(page.request);
  const product = products.filter((p) => p.countInStock >= 5).at(project === "mobile" ? -2 : -1);
  if (!product) throw new Error("the demo catalogue has products in stock");
  const origin = { origin: new URL(page.url()).origin };
  const added = await page.request.post("/api/cart/add", {
    headers: origin,
    data: {
      productId: product.id,
      quantity: 1,
      productRam: product.productRam[0],
      size: product.size[0],
      productWeight: product.productWeight[0],
    },
  });
  expect(added.status()).toBe(201);
  const started = await page.request.post("/api/orders/checkout", {
    headers: origin,
    data: {
      fullName: "Asha Menon",
      country: "India",
      streetAddressLine1: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      zipCode: "560001",
      phoneNumber: "9876543210",
      email,
    },
  });
  expect(started.status()).toBe(201);
  const { orderId } = (await started.json()) as { orderId: string };
  await page.goto(`/checkout/pay/${orderId}`);
  await page.getByRole("button", { name: /test payment/ }).click();
  // The payment is verified on the server, which can take a while when the machine is busy.
  await expect(page).toHaveURL(new RegExp(`/checkout/done/${orderId}$`), { timeout: 60_000 });
  return orderId;
}

test("the owner sets the shop's details and prints a paid order's invoice; the shopper prints theirs from Orders", async ({
  browser,
}, testInfo) => {
  // Two browsers, a payment and four axe runs on a machine of 2 shared cores.
  test.setTimeout(420_000);
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const orderId = await shopperWithPaidOrder(shopper, testInfo.project.name);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAsOwner(owner, "/admin/settings");
  await expect(owner.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await owner.getByLabel("Shop name").fill("Kaveri Crafts");
  await owner.getByLabel("State or union territory").selectOption("Karnataka");
  await owner.getByLabel("Address").fill("14 Residency Road\nBengaluru 560025");
  await owner.getByLabel("GSTIN (optional)").fill("29AAPFU0939F1ZS");
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.getByText("This GSTIN's last character does not match", { exact: false }).first()).toBeVisible();
  await owner.getByLabel("GSTIN (optional)").fill(GSTIN);
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.getByRole("status")).toHaveText("Settings saved.");
  await expectNoSeriousAxeViolations(owner, "body");

  // Print is the browser's dialog: counted here instead of opened.
  await owner.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await owner.goto(`/admin/orders/${orderId}/invoice`);
  const invoice = owner.getByRole("article");
  await expect(invoice.getByRole("heading", { level: 1, name: "Tax Invoice" })).toBeVisible();
  const number = (await invoice.getByText(/^INV\/\d{4}-\d{2}\/\d{6}$/).textContent()) ?? "";
  expect(number).toMatch(/^INV\//);
  await expect(invoice).toContainText(`GSTIN: ${GSTIN}`);
  await expect(invoice).toContainText("Kaveri Crafts");
  await expect(invoice.getByRole("columnheader", { name: "CGST (₹)" })).toBeVisible();
  await expect(invoice).toContainText("Total GST");
  await expect(invoice).toContainText(/Amount in words: Rupees [A-Za-z ]+ Only/);
  await expectNoSeriousAxeViolations(owner, "body");
  await owner.getByRole("link", { name: "Print", exact: true }).click();
  await expect.poll(() => owner.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(owner).toHaveURL(new RegExp(`/admin/orders/${orderId}/invoice$`));

  await owner.goto(`/admin/orders/${orderId}/packing-slip`);
  await expect(owner.getByRole("heading", { level: 1, name: "Packing Slip" })).toBeVisible();
  await expect(owner.getByRole("article")).not.toContainText("₹");
  await expectNoSeriousAxeViolations(owner, "body");

  await shopper.goto("/orders");
  await shopper.getByRole("link", { name: `Print invoice of order ${orderId}` }).click();
  await expect(shopper).toHaveURL(new RegExp(`/orders/${orderId}/invoice$`));
  await expect(shopper.getByRole("heading", { level: 1, name: "Tax Invoice" })).toBeVisible();
  await expect(shopper.getByRole("article")).toContainText(number);
  await expectNoSeriousAxeViolations(shopper, "body");

  await ownerContext.close();
  await shopperContext.close();
});
