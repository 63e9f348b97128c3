/** The result of pressing plus or minus on a quantity picker (spec §5: not below 1; plus refuses above the stock). */
export type QuantityStep = { quantity: number; refused: false } | { quantity: number; refused: "above-stock" };

export function stepQuantity(current: number, direction: 1 | -1, countInStock: number): QuantityStep {
  if (direction === -1) return { quantity: Math.max(1, current - 1), refused: false };
  if (current + 1 > countInStock) return { quantity: current, refused: "above-stock" };
  return { quantity: current + 1, refused: false };
}
