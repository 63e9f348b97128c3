import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";

// What the shop's own API says, so browser tests compare the page with the catalogue instead of hard-coding data.

export interface ApiCategory {
  id: string;
  name: string;
  children: { id: string; name: string }[];
}

export interface ApiBanner {
  id: string;
  catId: string | null;
  subCatId: string | null;
}

export async function apiCategories(request: APIRequestContext): Promise<ApiCategory[]> {
  return (await (await request.get("/api/category")).json()).categoryList;
}

export async function apiProducts(request: APIRequestContext, path: string): Promise<{ id: string; name: string }[]> {
  return (await (await request.get(path)).json()).products;
}

export async function apiHomeBanners(request: APIRequestContext): Promise<ApiBanner[]> {
  return (await request.get("/api/homeBanner")).json();
}

/** The test harness beside the shop (scripts/e2e-server.ts): its mail server's codes, among others. */
export const harness = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

let accounts = 0;

/**
 * A verified account made through the API (its code read from the test mail server); signed in through the page later.
 * Each comes from a network of its own, as the e2e server trusts this machine's X-Forwarded-For.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  { prefix, password, name = "Kiran Das" }: { prefix: string; password: string; name?: string },
): Promise<string> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  accounts += 1;
  const headers = { "x-forwarded-for": `198.18.${process.pid % 250}.${accounts % 250}` };
  const signUp = await request.post("/api/user/signup", {
    headers,
    data: { name, email, phone: "9876543210", password, isAdmin: false },
  });
  expect(signUp.status()).toBe(200);
  const code = ((await (await fetch(`${harness}/mail/code?to=${encodeURIComponent(email)}&after=0`)).json()) as { code: string })
    .code;
  expect((await request.post("/api/user/verifyemail", { headers, data: { email, otp: code } })).status()).toBe(200);
  return email;
}
