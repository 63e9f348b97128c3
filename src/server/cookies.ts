import type { FastifyRequest } from "fastify";
import type { Cookies, OtpFlow } from "#app-context";
import { DEFAULT_LOCATION, GUEST_CART_DAYS } from "#shared/constants.ts";
import { hasControlCharacters } from "#shared/schemas/text.ts";

export type { Cookies } from "#app-context";

/**
 * Every cookie the shop sets: names, flags and lifetimes here, nowhere else. The session cookie is the only credential;
 * both adapters write through `createCookies` and read through `readCookies`.
 */
export const COOKIE = {
  session: "sid",
  resetGrant: "reset_grant",
  otpFlow: "otp_flow",
  flash: "flash",
  location: "location",
  guestCart: "guest_cart",
} as const;

const OTP_FLOW_MAX_AGE_S = 30 * 60;
const FLASH_MAX_AGE_S = 60;
const LOCATION_MAX_AGE_S = 365 * 24 * 60 * 60;
/** A visitor's cart is kept this long after their last add (docs/decisions/013-guest-cart.md). */
const GUEST_CART_MAX_AGE_S = GUEST_CART_DAYS * 24 * 60 * 60;
/** The guest cart token's form (32 random bytes, base64url); anything else reads as no guest cart. */
const GUEST_CART_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const FLASH_MAX_LENGTH = 300;
const LOCATION_MAX_LENGTH = 100;

interface CookieOptions {
  maxAge?: number;
  expires?: Date;
  sameSite?: "Lax" | "Strict";
}

/** `HttpOnly; SameSite=Lax; Path=/`, and `Secure` over HTTPS (docs/decisions/007-sessions-and-csrf.md). */
export function createCookies(publicUrl: string): Cookies {
  const secure = publicUrl.startsWith("https://");
  const serialize = (name: string, value: string, options: CookieOptions = {}) => {
    const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", `SameSite=${options.sameSite ?? "Lax"}`];
    if (secure) parts.push("Secure");
    if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
    if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
    return parts.join("; ");
  };
  const clear = (name: string) => serialize(name, "", { maxAge: 0, expires: new Date(0) });
  return {
    session: (token, expiresAt) => serialize(COOKIE.session, token, { expires: expiresAt }),
    clearSession: () => clear(COOKIE.session),
    // Strict: the grant is only ever used by our own pages, never after a link from elsewhere.
    resetGrant: (token, expiresAt) => serialize(COOKIE.resetGrant, token, { expires: expiresAt, sameSite: "Strict" }),
    clearResetGrant: () => clear(COOKIE.resetGrant),
    otpFlow: (flow) => serialize(COOKIE.otpFlow, JSON.stringify(flow), { maxAge: OTP_FLOW_MAX_AGE_S }),
    clearOtpFlow: () => clear(COOKIE.otpFlow),
    flash: (message) => serialize(COOKIE.flash, message.slice(0, FLASH_MAX_LENGTH), { maxAge: FLASH_MAX_AGE_S }),
    clearFlash: () => clear(COOKIE.flash),
    guestCart: (token) => serialize(COOKIE.guestCart, token, { maxAge: GUEST_CART_MAX_AGE_S }),
    clearGuestCart: () => clear(COOKIE.guestCart),
    location: (country) =>
      country === null ? clear(COOKIE.location) : serialize(COOKIE.location, country, { maxAge: LOCATION_MAX_AGE_S }),
  };
}

/** What the request's cookies say, checked: anything malformed reads as absent. */
export interface RequestCookies {
  sessionToken: string | undefined;
  resetToken: string | undefined;
  otpFlow: OtpFlow | undefined;
  flash: string | undefined;
  location: string | undefined;
  /** The visitor's guest cart token (a random secret; the server stores only its hash). */
  guestCartToken: string | undefined;
}

export function readCookies(request: FastifyRequest): RequestCookies {
  const cookies = request.cookies;
  return {
    sessionToken: cookies[COOKIE.session] || undefined,
    resetToken: cookies[COOKIE.resetGrant] || undefined,
    otpFlow: parseOtpFlow(cookies[COOKIE.otpFlow]),
    flash: cookies[COOKIE.flash]?.slice(0, FLASH_MAX_LENGTH) || undefined,
    location: parseLocation(cookies[COOKIE.location]),
    guestCartToken: parseGuestCartToken(cookies[COOKIE.guestCart]),
  };
}

/** A page for a request with none of our cookies is the same for every such visitor: a CDN may keep it (decision 019). */
export function carriesShopCookie(request: FastifyRequest): boolean {
  const cookies = request.cookies ?? {};
  return Object.values(COOKIE).some((name) => cookies[name] !== undefined);
}

export function isAnonymousRequest(request: FastifyRequest): boolean {
  return (request.method === "GET" || request.method === "HEAD") && request.user === null && !carriesShopCookie(request);
}

export function parseGuestCartToken(value: string | undefined): string | undefined {
  return value !== undefined && GUEST_CART_TOKEN.test(value) ? value : undefined;
}

/** The new flash joined to the waiting one within the cookie's length, or alone when both do not fit. */
export function joinFlash(waiting: string | undefined, message: string): string {
  const both = waiting ? `${waiting} ${message}` : message;
  return both.length <= FLASH_MAX_LENGTH ? both : message.slice(0, FLASH_MAX_LENGTH);
}

/** The OTP page's flow from its cookie (not a secret: the e-mail and what the code is for), or undefined. */
export function parseOtpFlow(value: string | undefined): OtpFlow | undefined {
  if (!value) return undefined;
  try {
    const flow = JSON.parse(value) as Partial<OtpFlow>;
    if (typeof flow.email !== "string" || flow.email.length > 254) return undefined;
    if (flow.action !== "verify" && flow.action !== "reset") return undefined;
    return { email: flow.email, action: flow.action };
  } catch {
    return undefined;
  }
}

/** Undefined for none, "All", or what cannot be a country name: too long, or still percent-encoded (malformed). */
export function parseLocation(value: string | undefined): string | undefined {
  const country = value?.trim();
  if (!country || country.length > LOCATION_MAX_LENGTH || country.includes("%") || hasControlCharacters(country)) {
    return undefined;
  }
  return country.toLowerCase() === DEFAULT_LOCATION.toLowerCase() ? undefined : country;
}
