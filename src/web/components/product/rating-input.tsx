import * as RadioGroup from "@radix-ui/react-radio-group";
import { Star } from "lucide-react";
import { RATING_MAX, RATING_STEP } from "#shared/constants.ts";

const STEPS = Array.from({ length: RATING_MAX / RATING_STEP }, (_, index) => (index + 1) * RATING_STEP);
const SIZE = 28;

/** A half-star rating picker (0.5 to 5): ten radios drawn as star halves; arrow keys move by half a star. */
export function RatingInput({
  value,
  onChange,
  labelledBy,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  labelledBy: string;
  disabled?: boolean;
}) {
  return (
    <RadioGroup.Root
      aria-labelledby={labelledBy}
      value={String(value)}
      onValueChange={(next) => onChange(Number(next))}
      orientation="horizontal"
      disabled={disabled}
      className="flex"
    >
      {STEPS.map((step) => {
        const leftHalf = step % 1 !== 0;
        return (
          <RadioGroup.Item
            key={step}
            value={String(step)}
            aria-label={`${step} ${step === 1 ? "star" : "stars"}`}
            className="relative h-7 overflow-hidden focus-visible:outline-2 focus-visible:outline-brand-dark disabled:opacity-60"
            style={{ width: SIZE / 2 }}
          >
            <Star
              width={SIZE}
              height={SIZE}
              aria-hidden="true"
              strokeWidth={0}
              fill="currentColor"
              className={`absolute top-0 ${leftHalf ? "left-0" : "right-0"} ${step <= value ? "text-amber-400" : "text-gray-300"}`}
            />
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
