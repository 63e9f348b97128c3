import { createContext } from "react-router";
import type { BackOfficeAccess } from "#domain/back-office/access.ts";
import type { Category } from "#domain/catalog/types.ts";
import type { Services } from "#domain/services.ts";

/**
 * Context tokens the server seeds for every request, reached through the `#app-context` import and kept out of the SSR
 * bundle so Fastify and the routes share one token (decision 005), or every page fails: "No value found for context".
 */
export const servicesContext = createContext<Services>();

/** Settings the web app may know and show (public values only, from the shop's configuration). */
export interface PublicSettings {
  publicUrl: string;
  googleClientId: string | null;
  uploadMaxBytes: number;
  otpTtlSeconds: number;
  /** Every page says test mode: production with test payments that ALLOW_TEST_PAYMENTS let in. */
  testModeNotice: boolean;
}

export const settingsContext = createContext<PublicSettings>();

/**
 * Catalogue reads that are the same for every shopper (a product, its reviews, its related products), kept for the
 * micro-cache's second and evicted when the product changes: a page read by many signed-in shoppers reads them once
 * (decision 040). Keys are the page's path, `?` and what the read depends on.
 */
export interface PageReads {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export const pageReadsContext = createContext<PageReads>();

/** Read at most once per request: the root's menu and a page's sidebar both need them, from loaders run side by side. */
export const categoriesContext = createContext<() => Promise<Category[]>>();

export interface RequestInfo {
  /** Undefined in development (no CSP) and on an anonymous page, whose inline scripts are allowed by hash. */
  nonce: string | undefined;
  /** A GET or HEAD with none of the shop's cookies: one page for all such visitors, no nonce, CDN-cacheable (decision 019). */
  anonymous: boolean;
  /** The page's Content-Security-Policy with these inline-script hashes instead of a nonce; undefined without a CSP. */
  policyWithScriptHashes: (hashes: readonly string[]) => string | undefined;
  /** The delivery country chosen in the location cookie; undefined means every location (spec default "All"). */
  location: string | undefined;
  /** Undefined for a signed-in shopper, whose cart is the account's. */
  guestCart: string | undefined;
  cookies: Cookies;
}

export const requestInfoContext = createContext<RequestInfo>();

/** The signed-in shopper as the web app may see them (never secrets), or null for a visitor. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  images: string[];
}

/** Set per request by the web plugin from the session (accounts issue); null until then and for visitors. */
export const currentUserContext = createContext<CurrentUser | null>(null);

/** The OTP page's pending flow: which e-mail got a code and what the code is for (spec's userEmail + actionType). */
export interface OtpFlow {
  email: string;
  action: "verify" | "reset";
}

/** Set-Cookie header values, built by the server's cookie registry (names and flags live in one place there). */
export interface Cookies {
  session(token: string, expiresAt: Date): string;
  clearSession(): string;
  resetGrant(token: string, expiresAt: Date): string;
  clearResetGrant(): string;
  otpFlow(flow: OtpFlow): string;
  clearOtpFlow(): string;
  flash(message: string): string;
  clearFlash(): string;
  /** Keeps a visitor's cart (its random token) for 30 days; cleared once merged into an account's cart. */
  guestCart(token: string): string;
  clearGuestCart(): string;
  /** Remembers the delivery country; null forgets it (every location). */
  location(country: string | null): string;
}

/** What the accounts screens need to know about the request beyond the user (set per request by the web plugin). */
export interface AuthRequest {
  ip: string;
  userAgent: string;
  /** The signed-in session's id (logout, change password keeps it), or null. */
  sessionId: string | null;
  /** The reset grant from its HttpOnly cookie, if any (set after a reset code was verified). */
  resetToken: string | undefined;
  otpFlow: OtpFlow | undefined;
  /** A one-time message set before a redirect (e.g. "Your e-mail is verified"); clear it with cookies.clearFlash(). */
  flash: string | undefined;
  cookies: Cookies;
}

export const authRequestContext = createContext<AuthRequest>();

/** What this request may do in the back office, decided by the server from the session (decision 031). */
export const backOfficeContext = createContext<BackOfficeAccess>({ kind: "none" });
