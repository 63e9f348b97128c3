import { z } from "zod";
import { fieldMessages } from "#shared/messages.ts";

// C0 but tab, LF and CR, DEL, and C1: no input has a use for them, and PostgreSQL refuses a NUL in text.
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** Every text input starts here; `error` is for a missing or non-text value, `name` for the control-character message. */
export function safeText({ name = "Text", error }: { name?: string; error?: string } = {}) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine((value) => !hasControlCharacters(value), { error: fieldMessages.controlCharacters(name) });
}
