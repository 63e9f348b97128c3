import { useRef, useState } from "react";
import { OTP_LENGTH } from "#shared/constants.ts";

/**
 * Six single-digit boxes (spec §2 OTP page): digits only, focus moves forward on entry and back on Backspace in an
 * empty box, and pasting a whole code fills every box. Each box is an `otp` field, so the form works without JavaScript.
 */
export function OtpInput({ describedBy }: { describedBy?: string }) {
  const [digits, setDigits] = useState<string[]>(() => Array.from({ length: OTP_LENGTH }, () => ""));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  const fill = (start: number, text: string) => {
    const incoming = text
      .replace(/\D/g, "")
      .slice(0, OTP_LENGTH - start)
      .split("");
    if (incoming.length === 0) return;
    setDigits((current) =>
      current.map((digit, i) => (i >= start && i < start + incoming.length ? (incoming[i - start] ?? "") : digit)),
    );
    focus(start + incoming.length);
  };

  return (
    <fieldset className="mb-6" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium text-gray-700">Enter the 6-digit code</legend>
      <div className="flex justify-between gap-2">
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number and order.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            name="otp"
            value={digit}
            inputMode="numeric"
            pattern="[0-9]"
            maxLength={1}
            autoComplete={index === 0 ? "one-time-code" : "off"}
            aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
            className="h-12 w-12 rounded border border-gray-300 text-center text-xl font-semibold focus:border-brand-dark focus:ring-2 focus:ring-brand-dark/30 focus:outline-none"
            onChange={(event) => {
              const value = event.target.value.replace(/\D/g, "");
              if (value.length > 1) return fill(index, value);
              setDigits((current) => current.map((d, i) => (i === index ? value : d)));
              if (value) focus(index + 1);
            }}
            onKeyDown={(event) => {
              if (event.key === "Backspace" && digit === "") {
                event.preventDefault();
                setDigits((current) => current.map((d, i) => (i === index - 1 ? "" : d)));
                focus(index - 1);
              } else if (event.key === "ArrowLeft") {
                focus(index - 1);
              } else if (event.key === "ArrowRight") {
                focus(index + 1);
              }
            }}
            onPaste={(event) => {
              event.preventDefault();
              const pasted = event.clipboardData.getData("text").replace(/\D/g, "");
              fill(pasted.length >= OTP_LENGTH ? 0 : index, pasted);
            }}
            onFocus={(event) => event.currentTarget.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}
