import type { OtpFlow, SessionCookies } from "#app-context";

/** Cookie names of the accounts flows. The session cookie is the only credential; the others are short-lived. */
export const SESSION_COOKIE = "sid";
export const RESET_COOKIE = "reset_grant";
export const OTP_FLOW_COOKIE = "otp_flow";
export const FLASH_COOKIE = "flash";

const OTP_FLOW_MAX_AGE_S = 30 * 60;
const FLASH_MAX_AGE_S = 60;

interface CookieOptions {
  maxAge?: number;
  expires?: Date;
  sameSite?: "Lax" | "Strict";
}

/**
 * Set-Cookie values for both adapters (API replies and web actions): `HttpOnly; SameSite=Lax; Path=/`, and `Secure`
 * when the shop is served over HTTPS (ARCHITECTURE.md invariant 5).
 */
export function createSessionCookies(publicUrl: string): SessionCookies {
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
    session: (token, expiresAt) => serialize(SESSION_COOKIE, token, { expires: expiresAt }),
    clearSession: () => clear(SESSION_COOKIE),
    // Strict: the grant is only ever used by our own pages, never after a link from elsewhere.
    resetGrant: (token, expiresAt) => serialize(RESET_COOKIE, token, { expires: expiresAt, sameSite: "Strict" }),
    clearResetGrant: () => clear(RESET_COOKIE),
    otpFlow: (flow) => serialize(OTP_FLOW_COOKIE, JSON.stringify(flow), { maxAge: OTP_FLOW_MAX_AGE_S }),
    clearOtpFlow: () => clear(OTP_FLOW_COOKIE),
    flash: (message) => serialize(FLASH_COOKIE, message.slice(0, 300), { maxAge: FLASH_MAX_AGE_S }),
    clearFlash: () => clear(FLASH_COOKIE),
  };
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
