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

// The server-rendered page is complete: let the browser paint it before hydration takes the main thread, or a slow
// phone shows a blank screen while it hydrates (decision 010). Until then, controls are plain links and forms.
requestAnimationFrame(() => setTimeout(hydrate, 0));
