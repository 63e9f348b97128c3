/** What the accounts service needs from the outside world; adapters in src/integrations implement these. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short line the local outbox logs in development (e.g. the code), never logged when mail really goes out. */
  preview?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** An identity a provider vouches for (a verified Google ID token). */
export interface VerifiedIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  /** When the provider issued the token (`iat`): a re-authentication takes only a fresh one. */
  issuedAt: Date;
}

export interface IdentityVerifier {
  /** False when the provider is not configured (no client id): sign-in through it is unavailable. */
  readonly configured: boolean;
  /** Verifies signature, issuer, audience and expiry; throws AppError UNAUTHORIZED for anything it does not trust. */
  verify(idToken: string): Promise<VerifiedIdentity>;
}
