import { Form } from "react-router";
import { FormError, FormNotice } from "./form-message.tsx";
import { primaryButton, TextField } from "./text-field.tsx";

/** Change Password tab (spec §2 My Account): old, new and confirm; the old one is checked by the server. */
export function PasswordForm({
  error,
  notice,
  busy,
}: {
  error?: string | undefined;
  notice?: string | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" noValidate className="max-w-xl" key={notice ?? "password"}>
      <input type="hidden" name="intent" value="password" />
      <FormNotice message={notice} />
      <FormError message={error} />
      <TextField label="Old Password" name="oldPassword" type="password" autoComplete="current-password" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="New Password" name="newPass" type="password" autoComplete="new-password" />
        <TextField label="Confirm Password" name="confirmPass" type="password" autoComplete="new-password" />
      </div>
      <button type="submit" className={`${primaryButton} sm:w-auto sm:px-8`} disabled={busy}>
        {busy ? "Saving…" : "Save"}
      </button>
    </Form>
  );
}
