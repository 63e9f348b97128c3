import type { APIRequestContext } from "@playwright/test";

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
