import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

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
            // two routes share (the listing screen: category and search) keeps its own chunk rather than riding
            // along on every page.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 2,
                },
                { name: "shared", minShareCount: 3, priority: 1 },
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
