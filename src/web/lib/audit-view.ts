/** One audit event as the back office shows it: only the fields that changed, before → after. */
export interface AuditRow {
  id: string;
  at: string;
  when: string;
  actor: string;
  action: string;
  entityType: string;
  entityId: string;
  reason: string;
  changes: { field: string; before: string; after: string }[];
  /** Whether the owner may put this change back from the log. */
  revertible?: boolean;
}

const show = (value: unknown): string =>
  value === undefined || value === null ? "—" : typeof value === "string" ? value : JSON.stringify(value);

/** The fields whose values differ between `before` and `after` (either may be null: a creation or a removal). */
export function changedFields(before: unknown, after: unknown): AuditRow["changes"] {
  const left = (before ?? {}) as Record<string, unknown>;
  const right = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return fields
    .filter((field) => JSON.stringify(left[field]) !== JSON.stringify(right[field]))
    .map((field) => ({ field, before: show(left[field]), after: show(right[field]) }));
}
