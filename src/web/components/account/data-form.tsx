import { Form } from "react-router";
import { accountDataMessages as m } from "#shared/messages/account-data.ts";
import { FormError, FormNotice } from "./form-message.tsx";
import { primaryButton, secondaryButton, TextField } from "./text-field.tsx";

/** My Data tab (DPDP): a JSON copy of everything the shop holds, and erasure on request, proved like a sign-in. */
export function DataForm({
  hasPassword,
  error,
  notice,
  busy,
}: {
  hasPassword: boolean;
  error?: string | undefined;
  notice?: string | undefined;
  busy: boolean;
}) {
  return (
    <div className="max-w-xl">
      <FormNotice message={notice} />
      <FormError message={error} />
      <section aria-labelledby="my-data-copy" className="mb-8">
        <h2 id="my-data-copy" className="mb-2 text-lg font-semibold">
          A copy of your data
        </h2>
        <p className="mb-3 text-sm text-gray-700">{m.exportLead}</p>
        <a href="/api/user/export" download className={`${secondaryButton} inline-block text-center sm:w-auto sm:px-8`}>
          {m.exportLink}
        </a>
      </section>
      <section aria-labelledby="my-data-erase">
        <h2 id="my-data-erase" className="mb-2 text-lg font-semibold">
          {m.eraseTitle}
        </h2>
        <p className="mb-3 text-sm text-gray-700">{m.eraseLead}</p>
        {!hasPassword && (
          <Form method="post" className="mb-4">
            <input type="hidden" name="intent" value="erase-code" />
            <button type="submit" className={`${secondaryButton} sm:w-auto sm:px-8`} disabled={busy}>
              E-mail me a code
            </button>
          </Form>
        )}
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="erase" />
          {hasPassword ? (
            <TextField label="Password" name="password" type="password" autoComplete="current-password" />
          ) : (
            <TextField label="Code from the e-mail" name="code" inputMode="numeric" autoComplete="one-time-code" />
          )}
          <TextField label={m.eraseConfirmLabel} name="confirm" autoComplete="off" />
          <button type="submit" className={`${primaryButton} sm:w-auto sm:px-8`} disabled={busy}>
            {m.eraseTitle}
          </button>
        </Form>
      </section>
    </div>
  );
}
