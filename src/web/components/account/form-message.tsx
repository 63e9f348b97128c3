/** An error people can read and act on (announced by screen readers), or nothing. */
export function FormError({ message, id }: { message: string | undefined | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mb-4 rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** A confirmation (e.g. "We sent a code to ..."). */
export function FormNotice({ message }: { message: string | undefined | null }) {
  if (!message) return null;
  return (
    <p role="status" className="mb-4 rounded border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
      {message}
    </p>
  );
}
