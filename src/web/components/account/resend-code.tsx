import { useEffect, useState } from "react";

/**
 * "Resend OTP": a submit button of the OTP form (intent=resend). While the cooldown runs it says how long is left; the
 * countdown needs JavaScript, so the page rendered on the server keeps the button usable (the server enforces it).
 */
export function ResendCode({ availableAt, busy }: { availableAt: number | null; busy: boolean }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const secondsLeft = now !== null && availableAt !== null ? Math.max(0, Math.ceil((availableAt - now) / 1000)) : 0;
  return (
    <p className="mt-4 text-center text-sm text-gray-700">
      Did not get the code?{" "}
      <button
        type="submit"
        name="intent"
        value="resend"
        formNoValidate
        disabled={busy || secondsLeft > 0}
        className="font-semibold text-brand-dark underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-gray-500 disabled:no-underline"
      >
        {secondsLeft > 0 ? `Resend OTP in ${secondsLeft} s` : "Resend OTP"}
      </button>
    </p>
  );
}
