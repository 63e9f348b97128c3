import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

/** The account screens' forms and texts, and the checkout's: one script for each area's pages. */
const ACCOUNT = /[\\/]src[\\/](web[\\/]components[\\/]account[\\/](?!form-message)|shared[\\/]messages[\\/]account\.)/;
const CHECKOUT = /[\\/]src[\\/](web[\\/]components[\\/]checkout[\\/]|shared[\\/]messages[\\/]checkout\.)/;
/** The back office's own modules: its pages, components, helpers, texts and forms. */
const BACK_OFFICE =
  /[\\/]src[\\/](web[\\/](components|routes)[\\/]admin[\\/]|web[\\/]lib[\\/]audit-view\.|shared[\\/](back-office|banner-kinds|schemas[\\/]back-office))/;
/** The printed invoice, shared by the back office's and the shopper's invoice pages. */
const INVOICE =
  /[\\/]src[\\/](web[\\/]components[\\/]orders[\\/]invoice-|shared[\\/](messages[\\/]back-office-invoices|amount-in-words|indian-states)\.)/;
/** Code only one area's pages use, whatever their number, is kept out of the chunk every page loads. */
const AREAS = [ACCOUNT, CHECKOUT, BACK_OFFICE, INVOICE, /[\\/]src[\\/]web[\\/]components[\\/]listing[\\/]/];

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    precompress(),
    // `npm run dev`: Vite loads src/server/main.ts's createServer and mounts the whole shop (API + web) on it.
    // The context token module is kept external BY NAME, or the SSR bundle gets its own copy (docs/architecture.md, "A request through the web app").
    fastifyReactRouterDev({ entry: "./src/server/main.ts", externalizeServerEntryImports: ["#app-context"] }),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A page asked for ~20 scripts, most under 2 KB: each one more request (and, over HTTP/1.1, more round
            // trips on six connections) before the page runs. Two shared chunks instead: the framework every page
            // needs, and the shop's own code that three or more routes share (the header, product cards). Code
            // of one area (the listing screen, the account forms, the back office) keeps its own chunks rather
            // than riding along on every page (decision 030).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 2,
                },
                { name: "shared", test: (id) => !AREAS.some((area) => area.test(id)), minShareCount: 3, priority: 1 },
                { name: "account", test: ACCOUNT },
                { name: "checkout", test: CHECKOUT },
                { name: "back-office", test: BACK_OFFICE, minShareCount: 2 },
                { name: "invoice", test: INVOICE },
              ],
            },
          },
        },
      },
    },
  },
  server: {
    // The same address as `npm start` (PORT, default 3000).
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // Anything the shop writes at run time must not restart the dev server (each restart reopens the database).
    watch: { ignored: ["**/.data/**", "**/reports/**", "**/test-results/**", "**/bench/results/**", "**/build/**"] },
  },
});
