import type { z } from "zod";
import type { Services } from "#domain/services.ts";
import { requestMessages } from "#shared/messages.ts";
import { attempt, failure, readForm } from "../../../lib/actions.server.ts";
import { type FieldErrors, fieldOf } from "./fields.tsx";

/** What a refused save of the categories or banners pages answers: which form, and the message beside each field. */
export interface CatalogFailureExtra {
  intent: string;
  target: string;
  fieldErrors: FieldErrors;
}

/** The posted form as plain strings, or an answer for a body too large. */
export async function postedForm(request: Request) {
  const form = await readForm(request);
  if (!form) return { ok: false as const, response: failure(requestMessages.formTooLarge, 413) };
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  return { ok: true as const, values, intent: values.intent ?? "", target: values.id ?? "" };
}

/** A zod failure with every issue beside its field (the first one also heads the form). */
export function invalid(error: z.ZodError, intent: string, target: string) {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    fieldErrors[field] ??= issue.message;
  }
  const message = error.issues[0]?.message ?? requestMessages.checkForm;
  return failure<CatalogFailureExtra>(message, 400, { intent, target, fieldErrors });
}

/** Runs a service call; a domain error names its field (details.field) or heads the form. */
export function run<T>(work: () => Promise<T>, intent: string, target: string) {
  return attempt<T, CatalogFailureExtra>(work, (error) => {
    const field = typeof error.details?.field === "string" ? error.details.field : undefined;
    return { intent, target, fieldErrors: field ? { [field]: error.message } : {} };
  });
}

/** The library's newest pictures, then the ones `inUse` names that it does not list (the demo's), for suggestions. */
export async function pictureChoices(services: Services, inUse: readonly string[]) {
  const library = await services.catalogPictures.list({ limit: 60 });
  const listed = new Set(library.map((picture) => picture.fileName));
  return [
    ...library.map((picture) => ({ fileName: picture.fileName, label: picture.originalName || picture.fileName })),
    ...[...new Set(inUse)].filter((name) => !listed.has(name)).map((name) => ({ fileName: name, label: name })),
  ];
}
