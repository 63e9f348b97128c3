import type { Palette } from "../color.ts";

/**
 * Draws one product kind as SVG elements inside a 400×400 box (centre 200,200). Flat shapes only: no text, no ids
 * (several drawings share one banner), no external resources. `view` lets a drawing show another side (0, 1, 2...).
 */
export type Drawing = (palette: Palette, view: number) => string;

/** Repeats an element template for each value: `repeatFor([1, 2], (x) => `<circle cx="${x}"/>`)`. */
export function repeatFor<T>(values: readonly T[], element: (value: T, index: number) => string): string {
  return values.map(element).join("");
}

export function steps(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let value = from; value <= to; value += step) out.push(value);
  return out;
}
