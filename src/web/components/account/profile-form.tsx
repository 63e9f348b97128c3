import { useEffect, useState } from "react";
import { Form } from "react-router";
import { FormError, FormNotice } from "./form-message.tsx";
import { primaryButton, TextField } from "./text-field.tsx";

export interface ProfileView {
  name: string;
  email: string;
  phone: string;
  /** URL of the profile photo, or null. */
  image: string | null;
}

/**
 * Edit Profile (spec §2 My Account): photo, name, e-mail (read-only), phone, Save. One multipart form, so the photo is
 * uploaded with the Save itself and the page works without JavaScript; with it, the chosen photo is previewed.
 */
export function ProfileForm({
  profile,
  error,
  notice,
  busy,
}: {
  profile: ProfileView;
  error?: string | undefined;
  notice?: string | undefined;
  busy: boolean;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? profile.image;
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="max-w-xl">
      <input type="hidden" name="intent" value="profile" />
      <FormNotice message={notice} />
      <FormError message={error} />
      <div className="mb-6 flex items-center gap-4">
        <div className="flex h-24 w-24 items-center justify-center overflow-hidden rounded-full bg-gray-200 text-3xl font-bold text-gray-600">
          {shown ? (
            <img src={shown} alt="Your profile" className="h-full w-full object-cover" />
          ) : (
            profile.name.charAt(0).toUpperCase()
          )}
        </div>
        <div>
          <label htmlFor="profile-photo" className="mb-1 block text-sm font-medium text-gray-700">
            Profile photo (JPG, PNG or WebP)
          </label>
          <input
            id="profile-photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="text-sm file:mr-3 file:rounded file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:font-semibold"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
          />
        </div>
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" defaultValue={profile.name} />
        <TextField label="Email" name="email" type="email" readOnly defaultValue={profile.email} aria-readonly="true" />
        <TextField
          label="Phone No."
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          defaultValue={profile.phone}
          onInput={(event) => {
            event.currentTarget.value = event.currentTarget.value.replace(/\D/g, "");
          }}
        />
      </div>
      <button type="submit" className={`${primaryButton} sm:w-auto sm:px-8`} disabled={busy}>
        {busy ? "Saving…" : "Save"}
      </button>
    </Form>
  );
}
