import { hash, verify } from "@node-rs/argon2";

/** argon2id (the library's default algorithm, 2) with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a random password: verified against when the account does not exist, so both cases take as long. */
let dummyHash: Promise<string> | undefined;

/** False for a wrong password, a missing hash (Google-only account) or a malformed stored hash. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
