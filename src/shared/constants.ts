/** Business constants of spec §9, in one place for the server and the browser. */
export const CURRENCY = "INR";
export const PRICE_LABEL = "Rs";

export const PRODUCT_NAME_MAX = 20;
export const SEARCH_SUGGESTION_NAME_MAX = 50;
export const CART_TITLE_MAX = 30;
export const LOCATION_LABEL_MAX = 10;
export const CHECKOUT_SUMMARY_TITLE_MAX = 20;
export const ORDER_MODAL_TITLE_MAX = 30;

export const PER_PAGE_OPTIONS = [10, 20, 30, 40, 50, 60] as const;
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
/** Most products an API list answers when the client asks for no paging (docs/decisions/006-api-contract.md). */
export const UNPAGED_LIST_MAX = 100;
export const NEW_PRODUCTS_PER_PAGE = 16;
export const RELATED_PRODUCTS_COUNT = 10;

export const PRICE_SLIDER = { min: 100, max: 60_000, step: 5 } as const;
export const RATING_MAX = 5;
export const RATING_STEP = 0.5;
export const DEFAULT_LOCATION = "All";
/** Days after its last change that a visitor's cart and its cookie live (then housekeeping deletes it). */
export const GUEST_CART_DAYS = 30;
export const DEFAULT_REVIEW_RATING = 1;
/** The longest review text, in characters (UTF-16 units, as the textarea's maxlength counts them). */
export const REVIEW_TEXT_MAX = 2000;

export const DESKTOP_BREAKPOINT_PX = 992;
export const CART_TOTAL_MIN_WIDTH_PX = 1000;
export const MOBILE_BREAKPOINT_PX = 640;
export const HEADER_FIXED_AFTER_PX = 100;
export const SCROLL_TOP_AFTER_PX = 500;
export const TOP_BAR_CATEGORY_COUNT = 7;

export const BANNER_AUTOPLAY_MS = 3500;
export const BANNER_SPEED_MS = 500;
export const TOAST_DURATION_MS = 6000;
export const OTP_LENGTH = 6;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The widths `GET /download/{file}?w=` resizes stored pictures to (srcset candidates); any other width is refused. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;
