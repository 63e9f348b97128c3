import { Outlet } from "react-router";
import { AdminShell } from "../../components/admin/ui.tsx";
import { backOfficeHeaders, requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/layout.ts";

/** The back office's frame (decision 031): its own chrome, never the shop's header. */
export const handle = { chrome: false };

/** Every page under /admin passes here first; the pages check the role again themselves (their actions do not run this). */
export async function loader(args: Route.LoaderArgs) {
  const access = await requireStaff(args);
  return { role: access.role, email: access.user.email };
}

export const headers: Route.HeadersFunction = () => backOfficeHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Back office | Storefront" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell role={loaderData.role} email={loaderData.email}>
      <Outlet />
    </AdminShell>
  );
}
