import { formatRupees } from "#shared/money.ts";

const SIZES = {
  md: { block: "flex flex-wrap items-baseline gap-x-2", old: "text-sm text-gray-600", current: "font-semibold text-brand-dark" },
  lg: { block: "flex flex-wrap items-center gap-3", old: "text-lg text-gray-600", current: "text-2xl font-bold text-brand-dark" },
} as const;

export interface PriceProps {
  pricePaise: number;
  /** Struck through when higher than `pricePaise`. */
  oldPricePaise?: number | null | undefined;
  size?: keyof typeof SIZES;
  className?: string | undefined;
  children?: React.ReactNode;
}

/** The one price block, in the shop's one formatter (Indian digit grouping); screen readers hear "Old price … Price …". */
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
