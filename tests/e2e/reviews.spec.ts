import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ratingFromReviews } from "../../src/shared/ratings.ts";
import { allProducts, expectNoSeriousAxeViolations } from "./browsing-helpers.ts";
import { createVerifiedAccount } from "./support/shop-api.ts";

// A shopper reviews a product: signed up (through the API, the code read from the mail), signed in on the page that
// brings them back to the product's reviews, the review posted, then shown first with the product's new rating.
const PASSWORD = "correct horse battery";

interface ApiReview {
  customerName: string;
  review: string;
  customerRating: number;
}

const signUpVerified = (request: APIRequestContext, name: string) =>
  createVerifiedAccount(request, { prefix: "reviewer", password: PASSWORD, name });

/** A product with a few demo reviews, from the end of the catalogue, a different one for each viewport. */
async function reviewedProduct(request: APIRequestContext, nth: number): Promise<{ id: string; reviews: ApiReview[] }> {
  const products = await allProducts(request);
  let found = 0;
  for (const product of products.reverse()) {
    const reviews = (await (await request.get(`/api/productReviews?productId=${product.id}`)).json()) as ApiReview[];
    if (reviews.length >= 2 && found++ === nth) return { id: product.id, reviews };
  }
  throw new Error("the demo catalogue has products with several reviews");
}

async function signIn(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("a signed-in shopper reviews a product and sees the review first, with the product's new rating", async ({
  page,
  request,
}, testInfo) => {
  const product = await reviewedProduct(request, testInfo.project.name === "mobile" ? 1 : 0);
  const name = `Reviewer ${testInfo.project.name}`;
  const email = await signUpVerified(request, name);

  // The product page sends a visitor to sign in, and signing in brings them back to the reviews.
  const reviewsPath = `/product/${product.id}?tab=reviews`;
  await page.goto(`/signIn?redirectTo=${encodeURIComponent(reviewsPath)}`);
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?tab=reviews$`));
  const before = product.reviews.length;
  const reviewsTab = page.getByRole("tab", { name: `Reviews (${before})` });
  await expect(reviewsTab).toHaveAttribute("aria-selected", "true");

  const form = page.getByRole("form", { name: "Add a review" });
  const text = `Sturdy, and <b>not</b> bold: ${randomUUID().slice(0, 8)}`;
  await form.getByRole("textbox", { name: "Write a Review" }).fill(text);
  await form.getByRole("radio", { name: "5 stars", exact: true }).click();
  // The post is held back a moment, so the spinner can be seen turning while it is under way.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/product/${product.id}*`, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(form.getByRole("status")).toHaveText("Sending your review…");
  await expect(form.locator("svg.animate-spin")).toBeVisible();
  release();
  await expect(page.getByText("Thank you! Your review has been added.", { exact: true })).toBeVisible();
  await expect(form.locator("svg.animate-spin")).toHaveCount(0);

  // The form is ready for another review: empty, one star.
  await expect(form.getByRole("textbox", { name: "Write a Review" })).toHaveValue("");
  await expect(form.getByRole("radio", { name: "1 star", exact: true })).toBeChecked();

  // First in the list, as text, counted in the tab's title and beside the rating.
  await expect(page.getByRole("tab", { name: `Reviews (${before + 1})` })).toBeVisible();
  await expect(page.getByRole("button", { name: `${before + 1} Reviews` })).toBeVisible();
  const first = page.getByRole("tabpanel").getByRole("listitem").first();
  await expect(first).toContainText(name);
  await expect(first.getByText(text, { exact: true })).toBeVisible();
  await expect(first.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
  await expect(first.locator("time")).toHaveAttribute("datetime", new Date().toISOString().slice(0, 10));

  // The product's rating is the new average of its reviews, on the page and in the API.
  const ratings = [...product.reviews.map((review) => review.customerRating), 5];
  const expected = ratingFromReviews({ total: ratings.reduce((sum, rating) => sum + rating, 0), count: ratings.length });
  const summary = page
    .locator("main")
    .getByRole("img", { name: /^Rated / })
    .first();
  await expect(summary).toHaveAttribute("aria-label", `Rated ${expected} out of 5`);
  await expect(page.getByRole("table", { name: /How the reviews rate this product/ })).toBeVisible();
  await expect(page.getByText(`${expected} out of 5`, { exact: true })).toBeVisible();
  expect((await (await request.get(`/api/products/${product.id}`)).json()).rating).toBe(expected);

  await expectNoSeriousAxeViolations(page);
});
