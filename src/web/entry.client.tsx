import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server-rendered page is complete and styled: let the browser paint it before hydration takes the main thread.
// Without this, a page whose scripts are already at hand (cache, fast network) is hydrated first and painted after,
// so on a slow phone the shopper looks at a blank screen for the length of hydration. The cost is one frame of delay
// before the page responds to input; controls that need JavaScript are plain links and forms until then.
requestAnimationFrame(() => setTimeout(hydrate, 0));
