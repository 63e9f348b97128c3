import { Form, useActionData, useNavigation } from "react-router";
import { servicesContext } from "#app-context";
import { requestMessages } from "#shared/messages/shop.ts";
import { staffRoleForm } from "#shared/schemas/back-office.ts";
import { FormError, FormNotice } from "../../components/account/form-message.tsx";
import {
  adminButton,
  adminDangerButton,
  adminInput,
  adminTable,
  adminTd,
  adminTh,
  PageTitle,
  Panel,
  TableScroller,
} from "../../components/admin/ui.tsx";
import { attempt, failure, firstIssue, readForm } from "../../lib/actions.server.ts";
import { actorOf, requireRecentPassword, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/staff.ts";

/** The owner grants and revokes roles of existing, verified accounts; revoking ends their back office at once. */
export async function loader(args: Route.LoaderArgs) {
  const access = await requireStaff(args, "owner");
  const members = await args.context.get(servicesContext).accounts.staffMembers();
  return {
    me: access.user.id,
    members: members.map((member) => ({ id: member.id, name: member.name, email: member.email, role: member.role })),
  };
}

export async function action(args: Route.ActionArgs) {
  const access = await requireRecentPassword(args, "owner");
  const form = await readForm(args.request);
  if (!form) return failure(requestMessages.formTooLarge, 413);
  const parsed = staffRoleForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failure(firstIssue(parsed.error));
  const { email, role, reason } = parsed.data;
  const result = await attempt(() =>
    args.context.get(servicesContext).backOffice.setRole(actorOf(access), email, role === "none" ? null : role, reason),
  );
  if (!result.ok) return result.response;
  return { ok: true as const, notice: `${result.value.email}: ${role === "none" ? "no back-office role" : role}.` };
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
              {loaderData.members.map((member) => (
                <tr key={member.id}>
                  <td className={adminTd}>{member.name}</td>
                  <td className={adminTd}>{member.email}</td>
                  <td className={adminTd}>{member.role}</td>
                  <td className={adminTd}>
                    {member.id !== loaderData.me && (
                      <Form method="post">
                        <input type="hidden" name="email" value={member.email} />
                        <input type="hidden" name="role" value="none" />
                        <button type="submit" className={adminDangerButton} disabled={busy}>
                          Remove role<span className="sr-only"> of {member.email}</span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </Panel>
      <Panel title="Give a role">
        <p className="mb-3 text-sm text-gray-700">The person must already have a verified account in the shop.</p>
        <Form method="post" className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end">
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
            Give role
          </button>
        </Form>
      </Panel>
    </>
  );
}
