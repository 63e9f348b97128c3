import { useLayoutEffect, useRef } from "react";
import { Icon } from "./icon.tsx";

/**
 * The browser's own <dialog> (showModal) makes the page inert, moves focus in and handles Escape (decision 010); mounted
 * only while open. Escape, a backdrop click or the caller's button end in `onClose`, the caller unmounts it, and focus
 * returns to `returnFocusTo` or to what had it. app.css stops the page behind from scrolling.
 */
export function Modal({
  onClose,
  labelledBy,
  describedBy,
  returnFocusTo,
  className,
  children,
}: {
  onClose: () => void;
  /** The id of the dialog's title: its accessible name. */
  labelledBy: string;
  describedBy?: string | undefined;
  returnFocusTo?: React.RefObject<HTMLElement | null> | undefined;
  className: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      const target = returnFocusTo?.current ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [returnFocusTo]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively; this is the pointer's way out.
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop targets the dialog itself, outside its box.
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) onClose();
      }}
      className={`backdrop:bg-black/50 ${className}`}
    >
      {children}
    </dialog>
  );
}

export function CloseButton({ label, onClick, className = "" }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`rounded-full p-1 text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-dark ${className}`}
    >
      <Icon name="x" size={20} />
    </button>
  );
}
