import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./load-config.ts";
import { estimateSecretBits, MIN_SECRET_BITS, SHIPPED_SESSION_SECRETS } from "./secret-strength.ts";

const randomSecret = () => randomBytes(48).toString("base64");

describe("loadConfig", () => {
  describe("SESSION_SECRET in production", () => {
    const production = (secret: string) => ({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/shop",
      PAYMENT_PROVIDER: "test",
      ALLOW_TEST_PAYMENTS: "true",
      SESSION_SECRET: secret,
    });
    const advice = "generate one with `openssl rand -base64 48`";

    it("refuses the example value of deploy/compose.env.example, saying where it comes from and what to do", () => {
      expect(() => loadConfig(production("change-me-to-the-output-of-openssl-rand-base64-48"))).toThrow(
        `Invalid configuration:\n  SESSION_SECRET: this is the example value from deploy/compose.env.example; ${advice}`,
      );
    });

    it("refuses every SESSION_SECRET value the project's files show, and every change-me placeholder", async () => {
      const root = path.resolve(import.meta.dirname, "../../..");
      const docs = (await readdir(path.join(root, "docs"), { recursive: true })).map((file) => path.join("docs", file));
      const deploy = (await readdir(path.join(root, "deploy"))).map((file) => path.join("deploy", file));
      const files = [".env.example", "README.md", "compose.yaml", "Dockerfile", ...deploy, ...docs].filter((file) =>
        /(^|\/)(\.env\.example|Dockerfile)$|\.(md|ya?ml|example|env|conf)$/.test(file),
      );
      const shown: { value: string; file: string }[] = [];
      const placeholders: string[] = [];
      for (const file of files) {
        const text = await readFile(path.join(root, file), "utf8");
        for (const match of text.matchAll(/(?<![{$\w])SESSION_SECRET[ \t]*[=:][ \t]*["']?([^\s"'`|]*)/g)) {
          const value = match[1] ?? "";
          // Empty, and the shell's or Compose's substitutions (`$(openssl rand ...)`, `${SESSION_SECRET:?...}`), show none.
          if (value !== "" && !value.startsWith("$")) shown.push({ value, file });
        }
        for (const match of text.matchAll(/=(change-?me[^\s"'`]*)/gi)) placeholders.push(match[1] ?? "");
      }
      expect(shown.length, "deploy/compose.env.example shows one").toBeGreaterThan(0);
      for (const { value, file } of shown) {
        expect(SHIPPED_SESSION_SECRETS, `${file} shows ${value}: add it to SHIPPED_SESSION_SECRETS`).toContainEqual({
          value,
          file,
        });
        expect(() => loadConfig(production(value)), value).toThrow(`SESSION_SECRET: this is the example value from ${file}`);
      }
      expect(placeholders.length).toBeGreaterThan(0);
      for (const value of placeholders) {
        expect(() => loadConfig(production(value.padEnd(32, "-"))), value).toThrow(/SESSION_SECRET: /);
      }
    });

    it.each([
      ["one repeated character", "x".repeat(40), /has only 1 different characters/],
      ["two characters in turn", "ab".repeat(20), /has only 2 different characters/],
      ["a run of digits", "0123456789012345678901234567890123", /too easy to guess/],
      ["the alphabet", "abcdefghijklmnopqrstuvwxyzabcdefgh", /too easy to guess/],
      ["a phrase", "correct horse battery staple correct horse", /too easy to guess/],
      ["capitalized words", "Correct-Horse-Battery-Staple-Orange-Monkey-Table", /too easy to guess/],
      ["words run together", "MyVeryOwnShopKeyForTheWholeWideWorld", /too easy to guess/],
      ["a repeated word and number", "qwerty1234qwerty1234qwerty1234qwerty", /too easy to guess/],
      ["a secret naming itself", "bench session secret, 32 characters or more", /written by hand \(it contains "secret"\)/],
      ["an edited placeholder", "please-change-me-to-something-random", /written by hand \(it contains "change-me"\)/],
    ])("refuses %s, naming the key and what to do", (_, secret, reason) => {
      expect(() => loadConfig(production(secret))).toThrow(/^Invalid configuration:\n {2}SESSION_SECRET: /);
      expect(() => loadConfig(production(secret))).toThrow(reason);
      expect(() => loadConfig(production(secret))).toThrow(advice);
    });

    it("accepts the output of the usual generators, every time", () => {
      const generators: [string, () => string][] = [
        ["openssl rand -base64 48", randomSecret],
        ["openssl rand -base64 24", () => randomBytes(24).toString("base64")],
        ["openssl rand -hex 16", () => randomBytes(16).toString("hex")],
        ["openssl rand -hex 32", () => randomBytes(32).toString("hex")],
        ["32 bytes in base64url", () => randomBytes(32).toString("base64url")],
        ["two UUIDs", () => randomUUID() + randomUUID()],
      ];
      for (const [name, generate] of generators) {
        for (let i = 0; i < 300; i++) {
          const secret = generate();
          expect(estimateSecretBits(secret), `${name}: ${secret}`).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
          expect(loadConfig(production(secret)).SESSION_SECRET).toBe(secret);
        }
      }
    });

    it("checks only the length in development and tests, where nothing of value is signed", () => {
      expect(loadConfig({ SESSION_SECRET: "x".repeat(40) }).SESSION_SECRET).toBe("x".repeat(40));
      expect(loadConfig({ NODE_ENV: "test", SESSION_SECRET: "change-me-to-the-output-of-openssl-rand-base64-48" })).toBeDefined();
    });

    it("refuses a weak secret kept in DATA_DIR on the embedded database, naming the file", async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "storefront-config-"));
      try {
        await writeFile(path.join(dir, "session-secret"), `${"x".repeat(40)}\n`);
        expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dir })).toThrow(
          `SESSION_SECRET: has only 1 different characters (at least 8 are needed); it was read from ${path.join(dir, "session-secret")}`,
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  it("generates a secret once in production on the embedded database and keeps it in DATA_DIR", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "storefront-config-"));
    try {
      const first = loadConfig({ NODE_ENV: "production", DATA_DIR: dir });
      const second = loadConfig({ NODE_ENV: "production", DATA_DIR: dir });
      expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
      expect((await readFile(path.join(dir, "session-secret"), "utf8")).trim()).toBe(first.SESSION_SECRET);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
