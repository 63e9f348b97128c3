import * as Toast from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { useEffect, useState } from "react";
import { TOAST_DURATION_MS } from "#shared/constants.ts";
import { onToast, type ToastMessage } from "./toast.ts";

const MAX_SHOWN = 3;

/** Renders the toasts of showError/showSuccess (toast.ts), newest on top, at most three at a time. */
export function Toasts() {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  useEffect(() => onToast((toast) => setToasts((current) => [toast, ...current].slice(0, MAX_SHOWN))), []);
  const remove = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));

  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          type={toast.kind === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) remove(toast.id);
          }}
          className={`flex items-start gap-3 rounded-lg border p-4 text-sm shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
            toast.kind === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800"
          }`}
        >
          {toast.kind === "error" ? (
            <CircleAlert size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
          ) : (
            <CircleCheck size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
          )}
          <Toast.Description className="flex-1 font-medium">{toast.message}</Toast.Description>
          <Toast.Close
            aria-label="Close"
            className="rounded p-0.5 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
          >
            <X size={16} aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none" />
    </Toast.Provider>
  );
}
