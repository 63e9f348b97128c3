import { checkoutBlockedMessage, checkoutLoginNote } from "#shared/messages/shop.ts";
import { formatInr } from "#shared/money.ts";
import { Link } from "../ui/link.tsx";

const checkoutButton = "mt-4 block rounded-full px-6 py-2.5 text-center font-semibold text-white";

/**
 * CART TOTALS (spec §2). A line out of stock, or asking for more than is left, disables Checkout, which names the lines to
 * change; a visitor's Checkout asks them to sign in first (decision 013).
 */
export function CartTotals({
  totalPaise,
  blocked,
  checkoutHref,
  signedIn,
}: {
  totalPaise: number;
  blocked: string[];
  checkoutHref: string;
  signedIn: boolean;
}) {
  const total = formatInr(totalPaise);
  return (
    <section aria-labelledby="cart-totals-title" className="h-fit rounded-lg border border-gray-200 p-4">
      <h2 id="cart-totals-title" className="mb-4 text-lg font-bold">
        CART TOTALS
      </h2>
      <dl className="flex flex-col gap-3">
        <Row label="Subtotal">
          <span className="font-bold text-brand-dark">{total}</span>
        </Row>
        <Row label="Shipping">
          <b>Free</b>
        </Row>
        <Row label="Estimate for">
          <b>United Kingdom</b>
        </Row>
        <Row label="Total">
          <span className="font-bold text-brand-dark">{total}</span>
        </Row>
      </dl>
      {blocked.length > 0 ? (
        <>
          <p id="checkout-blocked" className="mt-4 text-sm font-semibold text-red-700">
            {checkoutBlockedMessage(blocked)}
          </p>
          {/* A link with nowhere to go until the lines are changed; still focusable, so its reason can be heard. */}
          {/* biome-ignore lint/a11y/useValidAnchor: a disabled link has no href by design (ARIA: aria-disabled). */}
          <a
            role="link"
            aria-disabled="true"
            aria-describedby="checkout-blocked"
            tabIndex={0}
            className={`${checkoutButton} cursor-not-allowed bg-gray-500`}
          >
            Checkout
          </a>
        </>
      ) : (
        <>
          {signedIn ? null : <p className="mt-4 text-sm text-gray-700">{checkoutLoginNote}</p>}
          <Link
            to={checkoutHref}
            className={`${checkoutButton} bg-brand-dark hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark`}
          >
            Checkout
          </Link>
        </>
      )}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
