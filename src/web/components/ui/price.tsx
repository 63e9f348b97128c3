import { formatRupees } from "#shared/money.ts";

const SIZES = {
  /** Product cards, cart and list lines. */
  md: { block: "flex flex-wrap items-baseline gap-x-2", old: "text-sm text-gray-600", current: "font-semibold text-brand-dark" },
  /** The head of the product page and quick view. */
  lg: { block: "flex flex-wrap items-center gap-3", old: "text-lg text-gray-600", current: "text-2xl font-bold text-brand-dark" },
} as const;

export interface PriceProps {
  /** What the shopper pays, in integer paise. */
  pricePaise: number;
  /** The price before the discount, in paise: shown struck through when it is higher than `pricePaise`. */
  oldPricePaise?: number | null | undefined;
  size?: keyof typeof SIZES;
  /** Added to the block's own classes (e.g. `mt-auto` to push it to the bottom of a card). */
  className?: string | undefined;
  /** Shown after the prices on the same line (e.g. the product page's stock badge). */
  children?: React.ReactNode;
}

/**
 * The one price block: the old price struck through when there is a higher one, then the current price, both as
 * "Rs 1,29,999" (Indian digit grouping, the shop's one formatter). Screen readers hear "Old price … Price …".
 */
export function Price({ pricePaise, oldPricePaise = null, size = "md", className, children }: PriceProps) {
  const styles = SIZES[size];
  return (
    <p className={className ? `${className} ${styles.block}` : styles.block}>
      {oldPricePaise !== null && oldPricePaise > pricePaise ? (
        <s className={styles.old}>
          <span className="sr-only">Old price </span>
          {formatRupees(oldPricePaise)}
        </s>
      ) : null}
      <span className={styles.current}>
        <span className="sr-only">Price </span>
        {formatRupees(pricePaise)}
      </span>
      {children}
    </p>
  );
}
