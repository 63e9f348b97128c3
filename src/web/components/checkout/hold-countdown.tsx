import { useEffect, useState } from "react";
import { checkoutMessages } from "#shared/messages/checkout.ts";

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** From the seconds the server gave, so the shopper's clock does not matter; the server decides expiry either way. */
export function HoldCountdown({ secondsLeft, onExpired }: { secondsLeft: number; onExpired?: () => void }) {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const now = Math.max(0, secondsLeft - Math.floor((Date.now() - started) / 1000));
      setLeft(now);
      if (now === 0) {
        window.clearInterval(timer);
        onExpired?.();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [secondsLeft, onExpired]);
  if (left <= 0) {
    return (
      <p role="alert" className="text-sm font-semibold text-red-700">
        {checkoutMessages.holdRanOut}
      </p>
    );
  }
  return (
    <p className="text-sm text-gray-700">
      Your items are held for{" "}
      <span role="timer" aria-label={`${Math.ceil(left / 60)} minutes`} className="font-mono font-bold text-brand-dark">
        {clock(left)}
      </span>{" "}
      minutes while you pay.
    </p>
  );
}
