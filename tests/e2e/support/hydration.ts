import type { Page } from "@playwright/test";

/** Until React has hydrated, a page's buttons do nothing and its forms post as plain HTML forms. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById("main-content");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}
