import { expect, type Page } from "@playwright/test";
import { harness } from "./shop-api.ts";

// The back office's specs: one owner shared by all (made by the e2e server through the owner's one-time link,
// scripts/e2e-server.ts), signed in through the sign-in page like a person.

export interface Credentials {
  email: string;
  password: string;
}

export async function ownerCredentials(): Promise<Credentials> {
  const answer = await fetch(`${harness}/owner`);
  if (!answer.ok) throw new Error(`the e2e server could not make the owner: ${await answer.text()}`);
  return (await answer.json()) as Credentials;
}

/** Signs `page` in as the shop's owner and opens `path` of the back office. */
export async function signInAsOwner(page: Page, path = "/admin"): Promise<Credentials> {
  const owner = await ownerCredentials();
  await page.goto(`/signIn?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
  return owner;
}
