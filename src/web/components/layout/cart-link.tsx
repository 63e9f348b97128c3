import { formatInr } from "#shared/money.ts";
import type { CartSummary } from "../../lib/root-data.ts";
import { Icon } from "../ui/icon.tsx";
import { Link } from "../ui/link.tsx";

/** The total shows above 1000 px (spec §9). The link's name is its visible text, so speech input users can say it. */
export function CartLink({ cart }: { cart: CartSummary }) {
  return (
    <Link to="/cart" className="flex items-center gap-2">
      <span className="sr-only">Cart </span>
      <span data-testid="cart-total" className="hidden font-semibold min-[1001px]:inline">
        {formatInr(cart.totalPaise)}
      </span>
      <span className="relative flex size-10 items-center justify-center rounded-full bg-red-50 text-brand-dark">
        <Icon name="shopping-cart" size={20} />
        <span className="absolute -top-1 -right-1 flex min-w-5 items-center justify-center rounded-full bg-brand-dark px-1 text-xs font-semibold text-white">
          {cart.count}
          <span className="sr-only"> {cart.count === 1 ? "item" : "items"}</span>
        </span>
      </span>
    </Link>
  );
}
