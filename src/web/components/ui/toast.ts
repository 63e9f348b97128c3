// The shop's one toast system (spec §2 "Other"): errors red, success green, each shown TOAST_DURATION_MS. Screens
// report through showError/showSuccess; root.tsx mounts <Toasts> (toasts.tsx), a polite live region whose toasts pause
// on hover and focus and close with their button.
//
// Our own rather than a library's: Sonner injects its stylesheet as an inline <style> at run time, which the shop's
// Content-Security-Policy rightly blocks, and Radix Toast cost 10 KB of gzip on every page for a list of three items.

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
