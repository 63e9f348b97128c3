import { useEffect, useState } from "react";
import { useActionData, useNavigation } from "react-router";
import { authRequestContext, servicesContext, settingsContext } from "#app-context";
import { imageUrl } from "#shared/images.ts";
import { accountMessages, photoTooLarge } from "#shared/messages/account.ts";
import { accountDataMessages } from "#shared/messages/account-data.ts";
import { changePasswordForm, profileForm } from "#shared/schemas/accounts.ts";
import { selfEraseForm } from "#shared/schemas/back-office-customers.ts";
import { DataForm } from "../components/account/data-form.tsx";
import { PasswordForm } from "../components/account/password-form.tsx";
import { ProfileForm } from "../components/account/profile-form.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../components/ui/tabs.tsx";
import { showSuccess } from "../components/ui/toast.ts";
import { attempt, failure, firstIssue, readForm, redirectWithCookies, text, withRetryAfter } from "../lib/actions.server.ts";
import { requireShopper } from "../lib/auth.server.ts";
import type { Route } from "./+types/my-account.ts";

type AccountTab = "profile" | "password" | "data";

const tabOf = (value: string | null | undefined): AccountTab => (value === "password" || value === "data" ? value : "profile");

/** A refused save keeps its Retry-After (policies of src/domain/rate-limit). */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args);

/** Protected: visitors go to /signIn and come back here afterwards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireShopper({ request, context });
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const [profile, hasPassword] = await Promise.all([
    services.accounts.getProfile(user.id),
    services.customers.hasPassword(user.id),
  ]);
  const tab = tabOf(url.searchParams.get("tab"));
  // Never cached: every page rendered for a signed-in shopper is `private, no-store` (src/server/plugins/private-answers.ts).
  return {
    tab,
    profile: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      image: profile.images[0] ? imageUrl(profile.images[0]) : null,
    },
    hasPassword,
  };
}

/** Save the profile (with an optional new photo) or change the password (intent). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireShopper({ request, context });
  const services = context.get(servicesContext);
  const auth = context.get(authRequestContext);
  // Room for the photo plus the few text fields.
  const { uploadMaxBytes } = context.get(settingsContext);
  const form = await readForm(request, uploadMaxBytes + 64 * 1024);
  if (!form) {
    return failure(photoTooLarge(uploadMaxBytes), 413, { intent: "profile" as AccountTab });
  }
  const posted = text(form, "intent");
  const intent = tabOf(posted === "erase" || posted === "erase-code" ? "data" : posted);

  // A shopper's own data (DPDP): a code for a Google-only account, then the erasure itself, which signs out.
  if (posted === "erase-code") {
    const result = await attempt(
      () => services.customers.sendErasureCode(user.id),
      () => ({ intent }),
    );
    if (!result.ok) return result.response;
    return { ok: true as const, intent, message: accountDataMessages.eraseCodeSent(result.value.email) };
  }
  if (posted === "erase") {
    const parsed = selfEraseForm.safeParse({
      confirm: text(form, "confirm"),
      password: form.get("password") ?? undefined,
      code: text(form, "code"),
    });
    if (!parsed.success) return failure(firstIssue(parsed.error), 400, { intent });
    const result = await attempt(
      () => services.customers.eraseSelf(user.id, parsed.data),
      () => ({ intent }),
    );
    if (!result.ok) return result.response;
    return redirectWithCookies("/", [auth.cookies.clearSession(), auth.cookies.flash(accountDataMessages.erased)]);
  }

  if (intent === "password") {
    const parsed = changePasswordForm.safeParse({
      oldPassword: form.get("oldPassword") ?? "",
      newPass: form.get("newPass") ?? "",
      confirmPass: form.get("confirmPass") ?? "",
    });
    if (!parsed.success) return failure(firstIssue(parsed.error), 400, { intent });
    const result = await attempt(
      () =>
        services.accounts.changePassword({
          userId: user.id,
          sessionId: auth.sessionId ?? undefined,
          oldPassword: parsed.data.oldPassword,
          newPassword: parsed.data.newPass,
        }),
      () => ({ intent }),
    );
    if (!result.ok) return result.response;
    return { ok: true as const, intent, message: accountMessages.passwordChanged };
  }

  const parsed = profileForm.safeParse({ name: text(form, "name"), phone: text(form, "phone") });
  if (!parsed.success) return failure(firstIssue(parsed.error), 400, { intent });
  // A file input left empty posts an empty file: no new photo.
  const file = form.get("photo");
  const photo = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : undefined;
  const result = await attempt(
    () => services.accounts.saveProfile({ userId: user.id, name: parsed.data.name, phone: parsed.data.phone, photo }),
    () => ({ intent }),
  );
  if (!result.ok) return result.response;
  return { ok: true as const, intent, message: accountMessages.userUpdated };
}

export const meta: Route.MetaFunction = () => [{ title: "My Account | Storefront" }, { name: "robots", content: "noindex" }];

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [tab, setTab] = useState<AccountTab>(loaderData.tab);
  const failed = actionData && "error" in actionData ? actionData : undefined;
  const succeeded = actionData && "message" in actionData ? actionData : undefined;
  const resultFor = (which: AccountTab) =>
    actionData?.intent === which ? { error: failed?.error, notice: succeeded?.message } : {};

  useEffect(() => {
    if (succeeded) showSuccess(succeeded.message);
  }, [succeeded]);
  useEffect(() => {
    if (actionData?.intent) setTab(actionData.intent);
  }, [actionData]);

  return (
    <main id="main-content" className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold">My Account</h1>
      <Tabs value={tab} onValueChange={setTab} className="rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        <TabList aria-label="My Account" className="flex border-b border-gray-200">
          {(
            [
              ["profile", "Edit Profile"],
              ["password", "Change Password"],
              ["data", "My Data"],
            ] as const
          ).map(([value, label]) => (
            <Tab
              key={value}
              value={value}
              className="px-5 py-3 font-semibold text-gray-600 aria-selected:border-b-2 aria-selected:border-brand-dark aria-selected:text-brand-dark"
            >
              {label}
            </Tab>
          ))}
        </TabList>
        <noscript>
          <p className="px-6 pt-4 text-sm">
            <a className="font-semibold text-brand-dark underline" href="?tab=profile">
              Edit Profile
            </a>{" "}
            ·{" "}
            <a className="font-semibold text-brand-dark underline" href="?tab=password">
              Change Password
            </a>{" "}
            ·{" "}
            <a className="font-semibold text-brand-dark underline" href="?tab=data">
              My Data
            </a>
          </p>
        </noscript>
        <TabPanel value="profile" className="p-6">
          <ProfileForm profile={loaderData.profile} busy={busy} {...resultFor("profile")} />
        </TabPanel>
        <TabPanel value="password" className="p-6">
          <PasswordForm busy={busy} {...resultFor("password")} />
        </TabPanel>
        <TabPanel value="data" className="p-6">
          <DataForm hasPassword={loaderData.hasPassword} busy={busy} {...resultFor("data")} />
        </TabPanel>
      </Tabs>
    </main>
  );
}
