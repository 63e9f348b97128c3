import fastifyCors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import type { Services } from "#domain/services.ts";
import type { Cookies } from "../cookies.ts";
import { notFoundAnswer } from "../plugins/error-handler.ts";
import { privateAnswers } from "../plugins/private-answers.ts";
import { applyStaticSecurityHeaders } from "../plugins/static-security-headers.ts";
import type { ResponseCache } from "../response-cache/response-cache.ts";
import { accountDataApi } from "./account-data.ts";
import { adminApi } from "./admin/index.ts";
import { cartApi } from "./cart.ts";
import { catalogApi } from "./catalog.ts";
import { locationsApi } from "./locations.ts";
import { myListApi } from "./my-list.ts";
import { ordersApi } from "./orders.ts";
import { reviewsApi } from "./reviews.ts";
import { searchApi } from "./search.ts";
import { uploadsApi } from "./uploads.ts";
import { userApi } from "./user.ts";
import { userProfileApi } from "./user-profile.ts";

export interface ApiOptions {
  services: Services;
  catalogCache: ResponseCache | undefined;
  cookies: Cookies;
  publicUrl: string;
  uploadMaxBytes: number;
  corsOrigins: string[];
  hsts: boolean;
  openApi: () => unknown;
}

/** The REST API of spec §7, every area's routes in one list. Register with `{ prefix: "/api" }`. */
export async function api(app: FastifyInstance, options: ApiOptions) {
  const { services } = options;
  applyStaticSecurityHeaders(app, { hsts: options.hsts });
  // Answers to a signed-in client, or setting a cookie, are never cached (private-answers.ts).
  privateAnswers(app, "api");
  // CORS only for the API: clients of the original API run on other origins and send Authorization headers.
  await app.register(fastifyCors, {
    origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type", "Idempotency-Key"],
    maxAge: 600,
  });
  await app.register(catalogApi, { services, cache: options.catalogCache, publicUrl: options.publicUrl });
  await app.register(searchApi, { services, cache: options.catalogCache, publicUrl: options.publicUrl });
  await app.register(userApi, { services, cookies: options.cookies, publicUrl: options.publicUrl });
  await app.register(userProfileApi, { services, publicUrl: options.publicUrl });
  await app.register(accountDataApi, { services, cookies: options.cookies });
  await app.register(uploadsApi, { services, publicUrl: options.publicUrl, uploadMaxBytes: options.uploadMaxBytes });
  await app.register(locationsApi);
  await app.register(myListApi, { services, publicUrl: options.publicUrl });
  await app.register(reviewsApi, { services });
  await app.register(cartApi, { services, publicUrl: options.publicUrl });
  await app.register(ordersApi, { services, publicUrl: options.publicUrl });
  await app.register(adminApi, { prefix: "/admin", services, publicUrl: options.publicUrl });
  app.get("/docs", { schema: { hide: true } }, async () => options.openApi());
  // Unknown API paths answer JSON, not the web app's HTML 404 (OPTIONS stays with CORS).
  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    schema: { hide: true },
    handler: notFoundAnswer,
  });
}
