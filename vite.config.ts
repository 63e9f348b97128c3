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
    // The context token module is kept external BY NAME, or the SSR bundle gets its own copy (notes/stack-spike.md).
    fastifyReactRouterDev({ entry: "./src/server/main.ts", externalizeServerEntryImports: ["#app-context"] }),
  ],
  server: {
    // The same address as `npm start` (PORT, default 3000).
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // Anything the shop writes at run time must not restart the dev server (each restart reopens the database).
    watch: { ignored: ["**/.data/**", "**/reports/**", "**/test-results/**", "**/bench/results/**", "**/build/**"] },
  },
});
