import type { IconName } from "./icon-names.ts";
import sprite from "./icons.svg?no-inline";

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
  fill?: string;
  strokeWidth?: number;
}

/**
 * One of lucide's icons, drawn from the sprite (a hashed, cached file; decision 030) with lucide's own attributes.
 * Every icon in the shop is decorative: the control or text beside it carries the name.
 */
export function Icon({ name, size = 24, className, fill = "none", strokeWidth = 2 }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={fill}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
