import { describe, expect, it } from "vitest";
import { requesterHash } from "./requester.ts";

describe("requester hash", () => {
  const secret = "s".repeat(32);
  const browser = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64)" };

  it("is the same for the same purpose, network and user agent, and names neither", () => {
    const hash = requesterHash(secret, "staged-upload", browser);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(requesterHash(secret, "staged-upload", { ...browser })).toBe(hash);
    expect(hash).not.toContain("203");
  });

  it("differs with the purpose, the network, the user agent and the secret", () => {
    const hash = requesterHash(secret, "staged-upload", browser);
    expect(requesterHash(secret, "reset-grant:1", browser)).not.toBe(hash);
    expect(requesterHash(secret, "staged-upload", { ...browser, ip: "203.0.113.8" })).not.toBe(hash);
    expect(requesterHash(secret, "staged-upload", { ...browser, userAgent: "curl/8.0" })).not.toBe(hash);
    expect(requesterHash("t".repeat(32), "staged-upload", browser)).not.toBe(hash);
  });
});
