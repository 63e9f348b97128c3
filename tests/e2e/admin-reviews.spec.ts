import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ratingFromReviews } from "../../src/shared/ratings.ts";
import { allProducts, expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { signInAsOwner } from "./support/admin.ts";
import { createVerifiedAccount } from "./support/shop-api.ts";

// Review moderation (issue 34, item 4): the owner hides a shopper's review from the queue and the product page's
// rating and count change at once; a shopper reports someone else's review; the queue passes axe.
const PASSWORD = "correct horse battery";

interface ApiReview {
  customerRating: number;
}

/** A demo product with reviews, from the start of the catalogue (reviews.spec.ts takes its from the end). */
async function reviewedProduct(request: APIRequestContext, nth: number): Promise<{ id: string; reviews: ApiReview[] }> {
  let found = 0;
  for (const product of await allProducts(request)) {
    const reviews = (await (await request.get(`/api/productReviews?productId=${product.id}`)).json()) as ApiReview[];
    if (reviews.length >= 2 && found++ === nth) return { id: product.id, reviews };
  }
  throw new Error("the demo catalogue has products with several reviews");
}

const expectedRating = (reviews: ApiReview[]) =>
  ratingFromReviews({ total: reviews.reduce((sum, review) => sum + review.customerRating, 0), count: reviews.length });

/** A shopper's review written through the API with a bearer token (no cookie jar shared with the page). */
async function writeReview(request: APIRequestContext, baseURL: string, productId: string, text: string) {
  const email = await createVerifiedAccount(request, { prefix: "moderated", password: PASSWORD, name: "Ravi Moderated" });
  const signIn = await fetch(`${baseURL}/api/user/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const added = await fetch(`${baseURL}/api/productReviews/add`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ productId, review: text, customerRating: 0.5 }),
  });
  expect(added.status).toBe(201);
}

const summaryRating = (page: Page) =>
  page
    .locator("main")
    .getByRole("img", { name: /^Rated / })
    .first();
const projectIndex = (name: string) => (name === "mobile" ? 1 : 0);

// Each signs up a shopper, reads the catalogue's reviews and runs axe on long pages: more than the default minute.
test.slow();

test("the owner hides a review and the product page's rating and count change at once", async ({ page, request }, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  const product = await reviewedProduct(request, projectIndex(testInfo.project.name));
  const text = `Half a star, rude words ${randomUUID().slice(0, 8)}`;
  await writeReview(request, baseURL, product.id, text);
  const withIt = expectedRating([...product.reviews, { customerRating: 0.5 }]);
  const without = expectedRating(product.reviews);

  await page.goto(`/product/${product.id}`);
  await expect(summaryRating(page)).toHaveAttribute("aria-label", `Rated ${withIt} out of 5`);
  await expect(page.getByRole("button", { name: `${product.reviews.length + 1} Reviews` })).toBeVisible();

  await signInAsOwner(page, "/admin/reviews?sort=lowest");
  const row = page.getByRole("row").filter({ hasText: text });
  await row.getByLabel("Reason (required)").fill("Abusive language");
  await row.getByRole("button", { name: /^Hide/ }).click();
  await expect(page.getByRole("status")).toContainText("Review hidden");
  await expect(row.getByText("Hidden", { exact: true })).toBeVisible();

  // A visitor's product answer (kept in the micro-cache before) and the page both follow at once.
  expect((await (await request.get(`/api/products/${product.id}`)).json()).rating).toBe(without);
  await page.goto(`/product/${product.id}?tab=reviews`);
  await expect(summaryRating(page)).toHaveAttribute("aria-label", `Rated ${without} out of 5`);
  await expect(page.getByRole("tab", { name: `Reviews (${product.reviews.length})` })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
});

test("a signed-in shopper reports someone else's review, once", async ({ page, request }, testInfo) => {
  const product = await reviewedProduct(request, 2 + projectIndex(testInfo.project.name));
  const email = await createVerifiedAccount(request, { prefix: "reporter", password: PASSWORD, name: "Asha Reporter" });
  const reviewsPath = `/product/${product.id}?tab=reviews`;
  await page.goto(`/signIn?redirectTo=${encodeURIComponent(reviewsPath)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?tab=reviews$`));

  const first = page.getByRole("tabpanel").getByRole("listitem").first();
  await first.getByText("Report this review").click();
  await first.getByLabel("What is wrong with it? (optional)").fill("Not about this product");
  await expectNoSeriousAxeViolations(page);
  await first.getByRole("button", { name: "Send report" }).click();
  await expect(first.getByRole("status")).toHaveText("Thank you: the shop will look at this review.");

  await page.reload();
  await expect(page.getByRole("tabpanel").getByRole("listitem").first()).toContainText("You reported this review.");
});

test("the review queue passes axe in each of its orders", async ({ page }) => {
  await signInAsOwner(page, "/admin/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "body");
  for (const order of ["Lowest rated", "Reported"]) {
    await page.getByRole("navigation", { name: "Order" }).getByRole("link", { name: order }).click();
    await expect(page.getByRole("navigation", { name: "Order" }).getByRole("link", { name: order })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoSeriousAxeViolations(page, "body");
  }
});
