import type { AccountsService } from "./accounts/accounts-service.ts";
import type { BackOfficeService } from "./back-office/back-office-service.ts";
import type { InsightsService } from "./back-office/insights.ts";
import type { ShopSettingsService } from "./back-office/shop-settings.ts";
import type { CartService } from "./cart/cart-service.ts";
import type { BannersAdmin } from "./catalog/banners-admin.ts";
import type { BulkEdit } from "./catalog/bulk-edit.ts";
import type { CatalogCsv } from "./catalog/catalog-csv.ts";
import type { CatalogService } from "./catalog/catalog-service.ts";
import type { CategoriesAdmin } from "./catalog/categories-admin.ts";
import type { ProductAdmin } from "./catalog/product-admin.ts";
import type { CustomersService } from "./customers/customers-service.ts";
import type { IdempotencyService } from "./idempotency/idempotency-service.ts";
import type { LocationsService } from "./locations/locations-service.ts";
import type { CatalogPictures } from "./media/catalog-pictures.ts";
import type { ImageVariants } from "./media/image-variants.ts";
import type { UploadsService } from "./media/uploads-service.ts";
import type { InvoicesService } from "./orders/invoices.ts";
import type { OrdersService } from "./orders/orders-service.ts";
import type { WriteLimits } from "./rate-limit/policies.ts";
import type { RateLimiter } from "./rate-limit/rate-limiter.ts";
import type { ReviewModeration } from "./reviews/review-moderation.ts";
import type { ReviewsService } from "./reviews/reviews-service.ts";
import type { SearchService } from "./search/search-service.ts";
import type { SynonymsAdmin } from "./search/synonyms.ts";
import type { WishlistService } from "./wishlist/wishlist-service.ts";

/** Built once by `createServices` (src/server/services.ts), handed to both adapters (decision 005). */
export interface Services {
  catalog: CatalogService;
  /** The back office's products (audited; issue 33) and its picture library. */
  productAdmin: ProductAdmin;
  catalogPictures: CatalogPictures;
  /** Bulk edits and the catalogue's CSV import/export, with its import jobs (issue 33, items 5 and 6). */
  bulkEdit: BulkEdit;
  catalogCsv: CatalogCsv;
  /** The back office's categories and banners (audited; every change evicts the catalogue's caches). */
  categoriesAdmin: CategoriesAdmin;
  bannersAdmin: BannersAdmin;
  search: SearchService;
  /** The owner's search synonyms (audited; every change evicts the catalogue's caches; decision 038). */
  synonymsAdmin: SynonymsAdmin;
  reviews: ReviewsService;
  /** The back office's review queue: hide and unhide, audited (decision 037). */
  reviewModeration: ReviewModeration;
  accounts: AccountsService;
  /** Staff, roles, the back-office clock, the audit trail (decision 031). */
  backOffice: BackOfficeService;
  /** The shop's name, address, state, GSTIN and thresholds (one row, the owner's). */
  shopSettings: ShopSettingsService;
  /** The back office's first page: sales, what waits, low stock, searches that found nothing (decision 038). */
  insights: InsightsService;
  cart: CartService;
  locations: LocationsService;
  uploads: UploadsService;
  imageVariants: ImageVariants;
  /** Shared by web actions and API routes (decision 007). */
  rateLimiter: RateLimiter;
  /** For adapters that count a write themselves (checkout). */
  writeLimits: WriteLimits;
  /** My List. */
  wishlist: WishlistService;
  /** The back office's customers, blocking, and a person's data export and erasure (decision 036). */
  customers: CustomersService;
  orders: OrdersService;
  /** Tax invoices (numbered when first printed) and packing slips (issue 34, item 2). */
  invoices: InvoicesService;
  idempotency: IdempotencyService;
}
