import { Link } from "react-router";
import { servicesContext } from "#app-context";
import { formatDateTime } from "#shared/dates.ts";
import { PageTitle, Panel } from "../../components/admin/ui.tsx";
import { requireStaff } from "../../lib/back-office.server.ts";
import type { Route } from "./+types/dashboard.ts";

export async function loader(args: Route.LoaderArgs) {
  const access = await requireStaff(args);
  const { backOffice } = args.context.get(servicesContext);
  const recent = access.role === "owner" ? await backOffice.audit.list({ limit: 10 }) : [];
  return {
    name: access.user.name,
    recent: recent.map((event) => ({
      id: event.id,
      at: event.at.toISOString(),
      when: formatDateTime(event.at),
      actor: event.actorEmail,
      action: event.action,
      entity: `${event.entityType} ${event.entityId}`,
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "Overview | Back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Welcome, {loaderData.name}</PageTitle>
      {loaderData.recent.length > 0 && (
        <Panel title="Latest changes">
          <ul className="divide-y divide-gray-100 text-sm">
            {loaderData.recent.map((event) => (
              <li key={event.id} className="py-2">
                <time dateTime={event.at}>{event.when}</time> · {event.actor} · <span className="font-mono">{event.action}</span>{" "}
                · {event.entity}
              </li>
            ))}
          </ul>
          <Link
            to="/admin/audit"
            className="mt-2 inline-block text-sm font-semibold text-brand-dark underline-offset-2 hover:underline"
          >
            The whole audit log
          </Link>
        </Panel>
      )}
    </>
  );
}
