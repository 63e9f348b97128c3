import { readFileSync } from "node:fs";
import { PASSWORD_MAX, PASSWORD_MIN } from "#shared/constants.ts";
import { accountErrors, accountMessages } from "#shared/messages.ts";

let common: Set<string> | undefined;

/** The shipped list of common passwords (lower-cased), read once on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  return common;
}

/** The policy's message for `password`, or undefined when it is acceptable (8–128 characters, not a common one). */
export function passwordPolicyProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return accountMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX) return accountMessages.passwordTooLong;
  if (commonPasswords().has(password.toLowerCase())) return accountErrors.commonPassword;
  return undefined;
}
