import { useId } from "react";
import { RATING_MAX, RATING_STEP } from "#shared/constants.ts";
import { Icon } from "../ui/icon.tsx";

const STEPS = Array.from({ length: RATING_MAX / RATING_STEP }, (_, index) => (index + 1) * RATING_STEP);
const SIZE = 28;

/**
 * Ten native radios drawn as star halves, each transparent over its half, which shows the focus ring. Given a `name`
 * they are a form field, also before the page's script has loaded.
 */
export function RatingInput({
  value,
  onChange,
  labelledBy,
  name,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  labelledBy: string;
  name?: string;
  disabled?: boolean;
}) {
  const groupName = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="flex">
      {STEPS.map((step) => {
        const leftHalf = step % 1 !== 0;
        return (
          <label
            key={step}
            className="relative h-7 overflow-hidden has-disabled:opacity-60 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-dark"
            style={{ width: SIZE / 2 }}
          >
            <input
              type="radio"
              name={name ?? groupName}
              value={step}
              checked={step === value}
              onChange={() => onChange(step)}
              disabled={disabled}
              aria-label={`${step} ${step === 1 ? "star" : "stars"}`}
              className="absolute inset-0 size-full cursor-pointer appearance-none outline-none disabled:cursor-default"
            />
            <Icon
              name="star"
              size={SIZE}
              strokeWidth={0}
              fill="currentColor"
              className={`pointer-events-none absolute top-0 ${leftHalf ? "left-0" : "right-0"} ${step <= value ? "text-amber-400" : "text-gray-300"}`}
            />
          </label>
        );
      })}
    </div>
  );
}
