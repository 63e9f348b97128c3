/** Colour arithmetic for the generated pictures: everything is derived from a few hex colours per image. */

function toRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((channel) =>
      Math.round(channel ?? 0)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** `amount` 0 gives `from`, 1 gives `to`. */
export function mixColors(from: string, to: string, amount: number): string {
  const a = toRgb(from);
  const b = toRgb(to);
  return toHex(a.map((channel, i) => channel + ((b[i] ?? 0) - channel) * amount));
}

export const lighten = (hex: string, amount: number): string => mixColors(hex, "#ffffff", amount);
export const darken = (hex: string, amount: number): string => mixColors(hex, "#000000", amount);

/** Colours one illustration is drawn with: `main` is the product's own colour, the rest derive from it. */
export interface Palette {
  main: string;
  /** Folds, seams and shadows. */
  shade: string;
  /** Highlights and inner surfaces. */
  light: string;
  /** Outlines and hardware (buttons, lenses, soles). */
  ink: string;
  /** A second colour: prints, gems, labels. */
  accent: string;
}

export function paletteFor(main: string, accent: string): Palette {
  return { main, shade: darken(main, 0.22), light: lighten(main, 0.5), ink: darken(main, 0.62), accent };
}
