import { useEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS } from "#shared/constants.ts";
import { Icon } from "./icon.tsx";
import { onToast, type ToastMessage } from "./toast.ts";

const MAX_SHOWN = 3;

/**
 * Newest on top, at most three, in a polite live region: a manual popover raised to the top layer with each toast, so
 * one shown from a modal (quick view) is above its backdrop.
 */
export function Toasts() {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => onToast((toast) => setToasts((current) => [toast, ...current].slice(0, MAX_SHOWN))), []);
  const remove = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));

  const newest = toasts[0]?.id;
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof list.showPopover !== "function") return;
    if (list.matches(":popover-open")) list.hidePopover();
    if (newest !== undefined) list.showPopover();
  }, [newest]);

  return (
    <section aria-label="Notifications" aria-live="polite">
      <ol
        ref={listRef}
        popover="manual"
        className="inset-auto top-4 right-4 m-0 w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 overflow-visible bg-transparent p-0 [&:popover-open]:flex"
      >
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={() => remove(toast.id)} />
        ))}
      </ol>
    </section>
  );
}

/** One toast: closes itself after TOAST_DURATION_MS, paused while the pointer or focus is on it. */
function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismiss.current(), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused]);

  return (
    <li
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`flex items-start gap-3 rounded-lg border p-4 text-sm shadow-lg ${
        toast.kind === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800"
      }`}
    >
      {toast.kind === "error" ? (
        <Icon name="circle-alert" size={18} className="mt-0.5 shrink-0" />
      ) : (
        <Icon name="circle-check" size={18} className="mt-0.5 shrink-0" />
      )}
      <p className="flex-1 font-medium">{toast.message}</p>
      <button
        type="button"
        aria-label="Close"
        onClick={onDismiss}
        className="rounded p-0.5 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
      >
        <Icon name="x" size={16} />
      </button>
    </li>
  );
}
