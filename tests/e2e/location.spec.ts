import { expect, test } from "@playwright/test";
import { apiProducts } from "./support/shop-api.ts";

test("choosing a country filters the home page's products, shows it cut to 10 characters, and survives a reload", async ({
  page,
  request,
}) => {
  const [expected] = await apiProducts(request, "/api/products/getProducts?page=1&perPage=16&location=United%20Kingdom");
  await page.goto("/");
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Select Location" }).click();

  const dialog = page.getByRole("dialog", { name: "Choose your Delivery Location" });
  await expect(dialog.getByText("Enter your address and we will specify the offer for your area.")).toBeVisible();
  const choices = dialog.getByRole("list", { name: "Locations" });
  await expect(choices.getByRole("button", { name: "India", exact: true })).toBeVisible();
  await dialog.getByPlaceholder("Search your area...").fill("KING");
  await expect(choices.getByRole("button", { name: "United Kingdom" })).toBeVisible();
  await expect(choices.getByRole("button", { name: "India", exact: true })).toHaveCount(0);
  await expect(choices.getByRole("button", { name: "All", exact: true })).toBeVisible();
  await choices.getByRole("button", { name: "United Kingdom" }).click();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole("link", { name: "Your Location United Kin..." })).toBeVisible();
  const newProducts = page.getByRole("region", { name: "NEW PRODUCTS" });
  await expect(newProducts.getByRole("article").first().getByRole("link", { name: expected?.name }).first()).toBeVisible();

  await page.reload();
  await expect(header.getByRole("link", { name: "Your Location United Kin..." })).toBeVisible();
  await expect(newProducts.getByRole("article").first().getByRole("link", { name: expected?.name }).first()).toBeVisible();

  await header.getByRole("link", { name: "Your Location United Kin..." }).click();
  await page.getByRole("dialog").getByRole("button", { name: "All", exact: true }).click();
  await expect(header.getByRole("link", { name: "Select Location" })).toBeVisible();
});

test("a country of 10 characters or fewer shows whole", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Select Location" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Nepal", exact: true }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Your Location Nepal" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the location page searches and chooses with plain forms", async ({ page, context }) => {
    await page.goto("/location");
    await expect(page.getByRole("heading", { name: "Choose your Delivery Location" })).toBeVisible();
    const search = page.getByPlaceholder("Search your area...");
    await search.fill("lank");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/location\?q=lank$/);
    const choices = page.getByRole("list", { name: "Locations" });
    await expect(choices.getByRole("button")).toHaveText(["All", "Sri Lanka"]);
    await choices.getByRole("button", { name: "Sri Lanka" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Your Location Sri Lanka" })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "location");
    expect(cookie?.value).toBe("Sri%20Lanka");
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 3600);
  });
});

test("an unknown location is refused", async ({ request }) => {
  const response = await request.post("/location", { form: { location: "Atlantis" }, maxRedirects: 0 });
  expect(response.status()).toBe(400);
});
