import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.ts";

// End-to-end tests drive Debian's Chromium (/usr/bin/chromium; `.ci/run` installs it), never a downloaded browser.
// The shop runs as `npm start` runs it (production build) on a data directory of its own, seeded at first start.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two Chromiums, the shop and its database share 2 cores: a navigation that takes 1 s alone can take 6 under the
  // full suite, and a ten-step flow 30 s. Waiting longer only costs time when a test is failing anyway.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // A test tagged @desktop or @mobile is about that width's own chrome (the category bar, the bottom bar): the other
  // project leaves it out, rather than listing it as skipped.
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      grepInvert: /@mobile/,
    },
    // The console and CSP walk loads the same scripts at every width: desktop only. So do the back office's daily
    // flows (part 2): their pages share the shell that admin.spec.ts and admin-catalog.spec.ts drive at phone width.
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
      testIgnore: /(console-and-csp|admin-(orders|customers|reviews|insights|staff)|invoices)\.spec\.ts/,
      grepInvert: /@desktop/,
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: baseURL, LOG_LEVEL: "warn" },
  },
});
