import { Suspense, useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import {
  authRequestContext,
  categoriesContext,
  currentUserContext,
  requestInfoContext,
  servicesContext,
  settingsContext,
} from "#app-context";
import { catalogMessages, pageMessages } from "#shared/messages/shop.ts";
import type { Route } from "./+types/root.ts";
import appStylesheet from "./app.css?url";
import { BottomBar } from "./components/layout/bottom-bar.tsx";
import { useChromeHandle } from "./components/layout/chrome-handle.ts";
import { Footer } from "./components/layout/footer.tsx";
import { Header } from "./components/layout/header.tsx";
import { ScrollToTop } from "./components/layout/scroll-to-top.tsx";
import { TestModeNotice } from "./components/layout/test-mode-notice.tsx";
import { MY_LIST_PATH } from "./components/my-list/my-list-data.ts";
import { lazyOnOpen } from "./components/ui/lazy-on-open.ts";
import { showSuccess } from "./components/ui/toast.ts";
import { Toasts } from "./components/ui/toasts.tsx";
import { loadCartSummary } from "./lib/cart-summary.server.ts";
import type { RootData } from "./lib/root-data.ts";

// The slide-in navigation's scripts load when it first opens, like the quick view's.
const MobileNav = lazyOnOpen(() => import("./components/layout/mobile-nav.tsx"));

/** The only resource the first paint waits for: with a `precedence`, React puts it before the script preloads. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: appStylesheet, precedence: "default" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { nonce, location } = context.get(requestInfoContext);
  const { publicUrl, testModeNotice } = context.get(settingsContext);
  const { wishlist } = context.get(servicesContext);
  const user = context.get(currentUserContext);
  const auth = context.get(authRequestContext);
  const [categories, cart, savedProductIds] = await Promise.all([
    context.get(categoriesContext)(),
    loadCartSummary(context),
    // Every heart on the page (cards, quick view, product page) from one query, revalidated after each change.
    user ? wishlist.savedProductIds(user.id) : [],
  ]);
  const payload: RootData = {
    nonce,
    publicUrl,
    user: user ? { name: user.name, email: user.email, image: user.images[0] ?? null } : null,
    cart,
    savedProductIds,
    location: location ?? null,
    categories: categories.map(({ id, name, children }) => ({
      id,
      name,
      children: children.map((sub) => ({ id: sub.id, name: sub.name })),
    })),
    flash: auth.flash ?? null,
    testModeNotice,
  };
  // A flash is shown once: the cookie goes with this response.
  return auth.flash ? data(payload, { headers: { "Set-Cookie": auth.cookies.clearFlash() } }) : payload;
}

/** The chrome changes only with a submission (sign in/out, location, cart), not when the shopper browses. */
export function shouldRevalidate({ formMethod, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // A heart asks no other loader to read again (defaultShouldRevalidate false); the saved products are read here.
  if (formAction === MY_LIST_PATH) return true;
  return formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ff5252" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-gray-900 antialiased">
        <a
          href="#main-content"
          className="sr-only z-[100] rounded bg-white px-4 py-2 font-semibold text-brand-dark shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        {children}
        <Toasts />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { chrome, filters } = useChromeHandle();
  const [navOpen, setNavOpen] = useState(false);
  // Pages with the shop's chrome show a flash as a toast; the sign-in pages (no chrome) show it in their form.
  const flash = chrome ? loaderData.flash : null;
  useEffect(() => {
    if (flash) showSuccess(flash);
  }, [flash]);
  const testMode = loaderData.testModeNotice ? <TestModeNotice /> : null;
  if (!chrome) {
    return (
      <>
        {testMode}
        <div id="main-content" tabIndex={-1} className="outline-none">
          <Outlet />
        </div>
      </>
    );
  }
  return (
    <>
      {testMode}
      <Header data={loaderData} onOpenNav={() => setNavOpen(true)} />
      {navOpen ? (
        <Suspense fallback={null}>
          <MobileNav data={loaderData} onClose={() => setNavOpen(false)} />
        </Suspense>
      ) : null}
      <div id="main-content" tabIndex={-1} className="outline-none">
        <Outlet />
      </div>
      <Footer categories={loaderData.categories} />
      {/* The bottom bar makes way for the open navigation (spec §4); the padding keeps the footer above it. */}
      <div aria-hidden="true" className="h-16 lg:hidden" />
      {navOpen ? null : <BottomBar filters={filters} />}
      <ScrollToTop />
    </>
  );
}

/** "Page not found" for a 404, a thrown answer's own message for another client mistake, no internals otherwise. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // An archived product's page (decision 032).
  const gone = isRouteErrorResponse(error) && error.status === 410;
  const clientMistake =
    isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && typeof error.data === "string"
      ? error.data
      : undefined;
  const title = notFound
    ? pageMessages.notFound
    : gone
      ? catalogMessages.productGone
      : clientMistake
        ? pageMessages.refused
        : pageMessages.failed;
  const detail = notFound
    ? pageMessages.notFoundDetail
    : gone
      ? pageMessages.productGoneDetail
      : (clientMistake ?? pageMessages.tryAgain);
  return (
    <main id="main-content" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-gray-600">{detail}</p>
      <a className="mt-8 inline-block rounded bg-brand-dark px-5 py-2 font-semibold text-white" href="/">
        Continue Shopping
      </a>
    </main>
  );
}
