import { Form, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { staffInviteMessages } from "#shared/messages/back-office-staff.ts";
import { requestMessages } from "#shared/messages/shop.ts";
import { staffRoleForm } from "#shared/schemas/back-office.ts";
import { inviteForm } from "#shared/schemas/back-office-staff.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import {
  adminButton,
  adminDangerButton,
  adminInput,
  adminSecondaryButton,
  adminTable,
  adminTd,
  adminTh,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { attempt, failure, firstIssue, readForm, text } from "../../lib/actions.server.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/staff.ts";

/**
 * The owner's team (decision 039): invitations by e-mail and code (sent, sent again, revoked), and the people with a
 * role, whose role changes or ends here; the last owner stays. Invites and role changes ask for a recent password.
 */
export async function loader(args: Route.LoaderArgs) {
  const access = await requireStaff(args, "owner");
  const services = args.context.get(servicesContext);
  const [members, invites] = await Promise.all([services.accounts.staffMembers(), services.backOffice.invites.pending()]);
  const at = Date.now();
  return {
    me: access.user.id,
    members: members.map((member) => ({ id: member.id, name: member.name, email: member.email, role: member.role })),
    invites: invites.map((invite) => ({
      id: invite.id,
      email: invite.email,
      role: invite.role,
      attempts: invite.attempts,
      sentAt: formatDateTime(invite.createdAt),
      expires: formatDateTime(invite.expiresAt),
      expired: invite.expiresAt.getTime() <= at,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const owner = await requireStaff(args, "owner");
  const form = await readForm(args.request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const intent = text(form, "intent") || "role";
  const { backOffice } = args.context.get(servicesContext);
  if (intent === "resend" || intent === "revoke") {
    const id = text(form, "id");
    const result = await attempt(() =>
      intent === "resend" ? backOffice.invites.resend(actorOf(owner), id) : backOffice.invites.revoke(actorOf(owner), id),
    );
    if (!result.ok) return result.response;
    const { email } = result.value;
    return { ok: true as const, notice: (intent === "resend" ? staffInviteMessages.resent : staffInviteMessages.revoked)(email) };
  }
  if (intent !== "invite" && intent !== "role") return failure(staffInviteMessages.intentInvalid);
  const access = await requireRecentPassword(args, "owner");
  if (intent === "invite") {
    const parsed = inviteForm.safeParse(Object.fromEntries(form));
    if (!parsed.success) return failure(firstIssue(parsed.error));
    const result = await attempt(() => backOffice.invites.invite(actorOf(access), parsed.data));
    if (!result.ok) return result.response;
    return { ok: true as const, notice: staffInviteMessages.invited(result.value.email) };
  }
  const parsed = staffRoleForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failure(firstIssue(parsed.error));
  const { email, role, reason } = parsed.data;
  const result = await attempt(() => backOffice.setRole(actorOf(access), email, role === "none" ? null : role, reason));
  if (!result.ok) return result.response;
  return { ok: true as const, notice: staffInviteMessages.roleChanged(result.value.email, role) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Staff | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Staff({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageTitle>Staff</PageTitle>
      <FormError message={actionData && "error" in actionData ? actionData.error : undefined} />
      <FormNotice message={actionData && "notice" in actionData ? actionData.notice : undefined} />
      <Panel title="People with a back-office role">
        <TableScroller label="People with a back-office role">
          <table className={adminTable}>
            <thead>
              <tr>
                <th className={adminTh}>Name</th>
                <th className={adminTh}>E-mail</th>
                <th className={adminTh}>Role</th>
                <th className={adminTh}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.members.map((member) => {
                const other = member.role === "owner" ? "staff" : "owner";
                return (
                  <tr key={member.id}>
                    <td className={adminTd}>{member.name}</td>
                    <td className={adminTd}>{member.email}</td>
                    <td className={adminTd}>{member.role}</td>
                    <td className={adminTd}>
                      {member.id !== loaderData.me && (
                        <div className="flex flex-wrap gap-2">
                          <Form method="post">
                            <input type="hidden" name="intent" value="role" />
                            <input type="hidden" name="email" value={member.email} />
                            <input type="hidden" name="role" value={other} />
                            <button type="submit" className={adminSecondaryButton} disabled={busy}>
                              Make {other}
                              <span className="sr-only"> {member.email}</span>
                            </button>
                          </Form>
                          <Form method="post">
                            <input type="hidden" name="intent" value="role" />
                            <input type="hidden" name="email" value={member.email} />
                            <input type="hidden" name="role" value="none" />
                            <button type="submit" className={adminDangerButton} disabled={busy}>
                              Remove role<span className="sr-only"> of {member.email}</span>
                            </button>
                          </Form>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroller>
      </Panel>
      <Panel title="Invitations waiting">
        {loaderData.invites.length === 0 ? (
          <p className="text-sm text-gray-700">No invitation is waiting.</p>
        ) : (
          <TableScroller label="Invitations waiting">
            <table className={adminTable}>
              <thead>
                <tr>
                  <th className={adminTh}>E-mail</th>
                  <th className={adminTh}>Role</th>
                  <th className={adminTh}>Sent</th>
                  <th className={adminTh}>Valid until</th>
                  <th className={adminTh}>Wrong codes</th>
                  <th className={adminTh}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.invites.map((invite) => (
                  <tr key={invite.id}>
                    <td className={adminTd}>{invite.email}</td>
                    <td className={adminTd}>{invite.role}</td>
                    <td className={adminTd}>{invite.sentAt}</td>
                    <td className={adminTd}>{invite.expired ? `Expired ${invite.expires}` : invite.expires}</td>
                    <td className={adminTd}>{invite.attempts}</td>
                    <td className={adminTd}>
                      <div className="flex flex-wrap gap-2">
                        <Form method="post">
                          <input type="hidden" name="intent" value="resend" />
                          <input type="hidden" name="id" value={invite.id} />
                          <button type="submit" className={adminSecondaryButton} disabled={busy}>
                            Send again<span className="sr-only"> to {invite.email}</span>
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="intent" value="revoke" />
                          <input type="hidden" name="id" value={invite.id} />
                          <button type="submit" className={adminDangerButton} disabled={busy}>
                            Revoke<span className="sr-only"> the invitation of {invite.email}</span>
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </Panel>
      <Panel title="Invite someone">
        <p className="mb-3 text-sm text-gray-700">
          They get a 6-digit code by e-mail, valid 7 days. Signed in with that address, they enter it at /admin/join.
        </p>
        <Form method="post" className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="invite" />
          <label className="text-sm font-medium text-gray-700">
            E-mail
            <input name="email" type="email" required autoComplete="off" className={`${adminInput} mt-1`} />
          </label>
          <label className="text-sm font-medium text-gray-700">
            Role
            <select name="role" defaultValue="staff" className={`${adminInput} mt-1`}>
              <option value="staff">staff</option>
              <option value="owner">owner</option>
            </select>
          </label>
          <label className="text-sm font-medium text-gray-700">
            Reason (optional)
            <input name="reason" maxLength={500} className={`${adminInput} mt-1`} />
          </label>
          <button type="submit" className={adminButton} disabled={busy}>
            Send invitation
          </button>
        </Form>
      </Panel>
    </>
  );
}
