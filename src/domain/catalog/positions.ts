/** `ids` with `id` moved one place up or down; null when it is already at that end (or not among them). */
export function movedOnePlace(ids: readonly string[], id: string, direction: "up" | "down"): string[] | null {
  const at = ids.indexOf(id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  [order[at], order[to]] = [order[to] as string, id];
  return order;
}
