import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * A local OpenID Connect issuer standing in for Google: a key pair from jose, a discovery document and a JWKS on a
 * loopback HTTP server, and `sign()` to mint real ID tokens (tests then tamper with audience, expiry or key).
 */
export async function startOidcIssuer(options: { port?: number; clientId?: string } = {}) {
  const clientId = options.clientId ?? "storefront-test-client";
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = "test-key-1";
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  let issuer = "";

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", issuer);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, { issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ["RS256"] });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    json(404, { error: "not found" });
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** An ID token like Google's; override any claim, or sign with `key` (a forged token). */
  async function sign(
    claims: JWTPayload & { email?: string; email_verified?: boolean; name?: string } = {},
    settings: { key?: CryptoKey; expiresIn?: string | number; issuedAt?: number } = {},
  ): Promise<string> {
    const { iss, aud, sub, ...rest } = claims;
    return new SignJWT({ email_verified: true, ...rest })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(iss ?? issuer)
      .setAudience(aud ?? clientId)
      .setSubject(sub ?? "google-subject-1")
      .setIssuedAt(settings.issuedAt)
      .setExpirationTime(settings.expiresIn ?? "10m")
      .sign(settings.key ?? privateKey);
  }

  return {
    issuer,
    clientId,
    sign,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type OidcIssuer = Awaited<ReturnType<typeof startOidcIssuer>>;
