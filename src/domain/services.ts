import type { AccountsService } from "./accounts/accounts-service.ts";
import type { CartService } from "./cart/cart-service.ts";
import type { CatalogService } from "./catalog/catalog-service.ts";
import type { IdempotencyService } from "./idempotency/idempotency-service.ts";
import type { LocationsService } from "./locations/locations-service.ts";
import type { ImageVariants } from "./media/image-variants.ts";
import type { UploadsService } from "./media/uploads-service.ts";
import type { OrdersService } from "./orders/orders-service.ts";
import type { WriteLimits } from "./rate-limit/policies.ts";
import type { RateLimiter } from "./rate-limit/rate-limiter.ts";
import type { ReviewsService } from "./reviews/reviews-service.ts";
import type { SearchService } from "./search/search-service.ts";
import type { WishlistService } from "./wishlist/wishlist-service.ts";

/**
 * Every domain service, built once per process by `createServices` (src/server/services.ts) and handed to both
 * adapters: the API as plugin options, the web app through the load context (src/web/context.ts).
 */
export interface Services {
  catalog: CatalogService;
  search: SearchService;
  reviews: ReviewsService;
  accounts: AccountsService;
  cart: CartService;
  /** Delivery countries for the location picker. */
  locations: LocationsService;
  uploads: UploadsService;
  /** Narrower copies of stored pictures for srcset, made on first request. */
  imageVariants: ImageVariants;
  /** Abuse limits shared by web actions and API routes (docs/decisions/007-sessions-and-csrf.md). */
  rateLimiter: RateLimiter;
  /** The limits of repeatable writes (rate-limit/policies.ts), for adapters that count a write themselves (checkout). */
  writeLimits: WriteLimits;
  /** My List: the products each shopper keeps for later. */
  wishlist: WishlistService;
  /** Checkout, payments and orders. */
  orders: OrdersService;
  /** `Idempotency-Key` answers for checkout, payment confirmation and add to cart. */
  idempotency: IdempotencyService;
}
