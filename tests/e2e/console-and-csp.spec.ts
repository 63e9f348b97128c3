import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { allProducts, firstCategory } from "./browsing-helpers.ts";
import { createVerifiedAccount } from "./support/shop-api.ts";

// Every page, signed out and signed in, loads and hydrates without a console error, an uncaught exception or a
// Content-Security-Policy issue in DevTools (decision 029: a library probing `new Function` was one on every page).
// Desktop only: the pages run the same scripts at every width.

const PASSWORD = "correct horse battery";

interface Heard {
  errors: string[];
  cspIssues: string[];
}

/** Console errors, page errors and DevTools CSP issues of `page`, from now on. */
async function listen(page: Page): Promise<Heard> {
  const heard: Heard = { errors: [], cspIssues: [] };
  page.on("console", (message) => {
    if (message.type() === "error") heard.errors.push(`${page.url()}: console: ${message.text()}`);
  });
  page.on("pageerror", (error) => heard.errors.push(`${page.url()}: uncaught: ${error.message}`));
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue") {
      const details = issue.details.contentSecurityPolicyIssueDetails;
      heard.cspIssues.push(`${page.url()}: ${details?.contentSecurityPolicyViolationType} ${details?.violatedDirective}`);
    }
  });
  await cdp.send("Audits.enable");
  return heard;
}

/** Loads `path` and waits until the page has hydrated and gone quiet. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await page.waitForLoadState("networkidle");
}

async function pagePaths(request: APIRequestContext) {
  const category = await firstCategory(request);
  const [product] = await allProducts(request);
  if (!product) throw new Error("the demo catalogue has products");
  const subCategory = category.children[0];
  return {
    product,
    paths: [
      "/",
      `/products/category/${category.id}`,
      ...(subCategory ? [`/products/subCat/${subCategory.id}`] : []),
      `/product/${product.id}`,
      "/search?q=laptop",
      "/cart",
      "/location",
    ],
  };
}

const createAccount = (request: APIRequestContext) => createVerifiedAccount(request, { prefix: "csp", password: PASSWORD });

test.beforeEach(async ({ page }) => {
  // Google Identity Services cannot load here (no network): an empty script stands in, so no failed load is logged.
  await page.route("https://accounts.google.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
});

test("signed out: storefront and account pages log no error and no CSP issue", async ({ page, request }) => {
  test.slow();
  const heard = await listen(page);
  const { paths } = await pagePaths(request);
  for (const path of [...paths, "/signIn", "/signUp", "/verifyOTP", "/changePassword", "/my-account", "/orders"]) {
    await visit(page, path);
  }
  // A quick view's scripts load on demand: open one.
  await visit(page, "/");
  await page
    .getByRole("button", { name: /^Quick view/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(heard.cspIssues).toEqual([]);
  expect(heard.errors).toEqual([]);
});

test("the not-found page logs nothing but its own 404", async ({ page }) => {
  const heard = await listen(page);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await page.waitForLoadState("networkidle");
  expect(heard.cspIssues).toEqual([]);
  // Chromium reports the document's own 404 status as a console error; that one is the page's purpose.
  expect(heard.errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
});

test("signed in: storefront and account pages log no error and no CSP issue", async ({ page, request }) => {
  test.slow();
  const email = await createAccount(request);
  const { paths, product } = await pagePaths(request);
  const signedIn = await request.post("/api/user/signin", { data: { email, password: PASSWORD } });
  const token = (await signedIn.json()).token as string;
  const added = await request.post("/api/cart/add", {
    data: {
      productId: product.id,
      quantity: 1,
      ...(product.productRam[0] ? { productRam: product.productRam[0] } : {}),
      ...(product.size[0] ? { size: product.size[0] } : {}),
      ...(product.productWeight[0] ? { productWeight: product.productWeight[0] } : {}),
    },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(added.status()).toBe(201);

  const heard = await listen(page);
  await visit(page, "/signIn");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).not.toHaveURL(/\/signIn/);
  for (const path of [...paths, "/checkout", "/orders", "/my-account", "/my-list"]) await visit(page, path);
  expect(heard.cspIssues).toEqual([]);
  expect(heard.errors).toEqual([]);
});

test("the API's documentation page shows the API's operations with no error and no CSP issue", async ({ page }) => {
  const heard = await listen(page);
  await visit(page, "/api/docs/ui/");
  await expect(page.getByText("Storefront API").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Back office/ }).first()).toBeVisible();
  expect(heard.cspIssues).toEqual([]);
  expect(heard.errors).toEqual([]);
});
