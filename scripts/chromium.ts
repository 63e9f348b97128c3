// Debian's Chromium (`.ci/run` installs it), never a downloaded browser, for the browser tests and Lighthouse.
// Headless, and quiet on a machine without a network: no background connections, updates or sync.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
