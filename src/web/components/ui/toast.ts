import { toast } from "sonner";

// The shop's one toast system (spec §2 "Other"): root.tsx mounts Sonner's <Toaster> (errors red, success green, shown
// TOAST_DURATION_MS); every screen reports through these two functions.

export function showError(message: string) {
  toast.error(message);
}

export function showSuccess(message: string) {
  toast.success(message);
}
