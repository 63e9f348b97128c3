import { z } from "zod";
import { fieldMessages } from "#shared/messages.ts";

/**
 * Control characters: C0 except tab, line feed and carriage return, DEL, and C1. No form or parameter of the shop has
 * a use for them, and PostgreSQL refuses a NUL in text outright (a 500 if one got that far).
 */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * The one text schema every text input of the shop starts from (form fields, JSON bodies, query parameters): a string
 * without control characters. `error` is the message for a missing or non-text value; `name` names the field in the
 * control-character message.
 */
export function safeText({ name = "Text", error }: { name?: string; error?: string } = {}) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine((value) => !hasControlCharacters(value), { error: fieldMessages.controlCharacters(name) });
}
