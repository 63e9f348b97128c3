import { describe, expect, it } from "vitest";
import { passwordResetEmail, verificationEmail } from "#domain/accounts/emails.ts";
import { codeOf } from "../support/smtp-server.ts";

// The tests read codes from the shop's mails as a shopper does: the code on its own line, whatever the name says.
describe("the code a test reads from a mail", () => {
  it("is the code line's, even when the shopper's name holds six digits", () => {
    for (const mail of [verificationEmail, passwordResetEmail]) {
      const sent = mail({ to: "kiran@example.com", name: "Kiran 191293", code: "654321", ttlSeconds: 600 });
      expect(codeOf({ to: [sent.to], from: "shop@example.com", subject: sent.subject, text: sent.text, html: sent.html })).toBe(
        "654321",
      );
    }
  });
});
