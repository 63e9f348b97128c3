// The shop's one toast system (spec §2 "Other"): screens call showError/showSuccess, root.tsx mounts <Toasts>. Our own:
// Sonner injects an inline <style> that the shop's CSP blocks, and a UI kit's toast weighs on every page (decision 010).

export interface ToastMessage {
  id: number;
  kind: "error" | "success";
  message: string;
}

type Listener = (toast: ToastMessage) => void;
const listeners = new Set<Listener>();
let nextId = 1;

function show(kind: ToastMessage["kind"], message: string) {
  const toast = { id: nextId++, kind, message };
  for (const listener of listeners) listener(toast);
}

export function showError(message: string) {
  show("error", message);
}

export function showSuccess(message: string) {
  show("success", message);
}

/** For <Toasts>: calls `listener` with every toast shown from now on; returns the unsubscribe function. */
export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
