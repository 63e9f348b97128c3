import { describe, expect, it } from "vitest";
import { hashCode, hashToken, randomCode, randomToken, sameHash } from "./secrets.ts";

describe("secrets", () => {
  it("draws six-digit codes, zero-padded", () => {
    const codes = Array.from({ length: 2000 }, randomCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it("keys code hashes with the secret and the code's id", () => {
    const hash = hashCode("secret-1", "id-1", "123456");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode("secret-2", "id-1", "123456")).not.toBe(hash);
    expect(hashCode("secret-1", "id-2", "123456")).not.toBe(hash);
    expect(sameHash(hash, hashCode("secret-1", "id-1", "123456"))).toBe(true);
    expect(sameHash(hash, hashCode("secret-1", "id-1", "123457"))).toBe(false);
    expect(sameHash(hash, "abcd")).toBe(false);
  });

  it("makes 256-bit tokens and stores only their SHA-256", () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
  });
});
