import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from "jose";
import type { IdentityVerifier, VerifiedIdentity } from "#domain/accounts/ports.ts";
import { AppError } from "#domain/errors.ts";
import { accountMessages } from "#shared/messages.ts";

export interface GoogleVerifierOptions {
  /** The tokens' audience (OAuth client id); unset = Google sign-in not configured. */
  clientId: string | undefined;
  issuer: string;
}

const GOOGLE = "https://accounts.google.com";

/** Verifies Google ID tokens with the issuer's published keys: anything it cannot trust is a 401, an unreachable issuer a 503. */
export function createGoogleVerifier(options: GoogleVerifierOptions): IdentityVerifier {
  const { clientId } = options;
  const issuer = options.issuer.replace(/\/+$/, "");
  // Google's tokens name their issuer with or without the scheme.
  const issuers = issuer === GOOGLE ? [GOOGLE, "accounts.google.com"] : [issuer];
  let keys: Promise<JWTVerifyGetKey> | undefined;

  async function discoverKeys(): Promise<JWTVerifyGetKey> {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const discovery = (await response.json()) as { jwks_uri?: unknown };
    if (typeof discovery.jwks_uri !== "string") throw new Error("discovery document has no jwks_uri");
    return createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: 5000 });
  }

  return {
    configured: Boolean(clientId),
    async verify(idToken: string): Promise<VerifiedIdentity> {
      if (!clientId) throw new AppError("UNAVAILABLE", accountMessages.googleUnavailable);
      keys ??= discoverKeys().catch((error) => {
        keys = undefined;
        throw error;
      });
      let getKey: JWTVerifyGetKey;
      try {
        getKey = await keys;
      } catch {
        throw new AppError("UNAVAILABLE", accountMessages.googleUnreachable);
      }
      try {
        const { payload } = await jwtVerify(idToken, getKey, {
          issuer: issuers,
          audience: clientId,
          algorithms: ["RS256", "ES256"],
          requiredClaims: ["sub", "exp", "iat"],
          clockTolerance: 30,
        });
        if (typeof payload.sub !== "string" || typeof payload.email !== "string") {
          throw new Error("token has no subject or e-mail");
        }
        return {
          subject: payload.sub,
          email: payload.email,
          emailVerified: payload.email_verified === true || payload.email_verified === "true",
          name: typeof payload.name === "string" ? payload.name : undefined,
          issuedAt: new Date((payload.iat ?? 0) * 1000),
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof Error && "code" in error && error.code === "ERR_JWKS_TIMEOUT") {
          throw new AppError("UNAVAILABLE", accountMessages.googleUnreachable);
        }
        throw new AppError("UNAUTHORIZED", accountMessages.googleTokenInvalid);
      }
    },
  };
}
