import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Explicit routes keep the spec's URLs (§2) readable in one place. A route module exporting
// `handle = { chrome: false }` is shown without header, footer and bottom bar.
export default [
  index("routes/home.tsx"),
  route("home-products", "routes/home-products.ts"),
  route("products/category/:id", "routes/listing.tsx", { id: "category-listing" }),
  route("products/subCat/:id", "routes/listing.tsx", { id: "sub-category-listing" }),
  route("product/:id", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/pay/:orderId", "routes/checkout-pay.tsx"),
  route("checkout/done/:orderId", "routes/checkout-done.tsx"),
  route("orders", "routes/orders.tsx"),
  route("search", "routes/search.tsx"),
  route("signIn", "routes/sign-in.tsx"),
  route("signUp", "routes/sign-up.tsx"),
  route("verifyOTP", "routes/verify-otp.tsx"),
  route("changePassword", "routes/change-password.tsx"),
  route("my-account", "routes/my-account.tsx"),
  route("my-list", "routes/my-list.tsx"),
  route("logout", "routes/logout.tsx"),
  route("location", "routes/location.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  // The back office (decision 031): a visitor or shopper gets the same 404 as for an unknown page.
  route("admin/claim/:token", "routes/admin/claim.tsx"),
  route("admin/confirm", "routes/admin/confirm.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("banners", "routes/admin/banners.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/product-new.tsx"),
    route("products/:id", "routes/admin/product-edit.tsx"),
    route("pictures", "routes/admin/pictures.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
