# The shop's production image (README, "Run it like production"). Two stages: `build` installs everything and builds
# the web app; `runtime` holds only production dependencies, the build and the sources, which Node 24 runs directly
# (it strips the TypeScript types, as `npm start` does). sharp and @node-rs/argon2 install prebuilt glibc binaries,
# hence Debian (bookworm) rather than Alpine.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# What `react-router build` reads (scripts/vite-precompress.ts compresses the built files).
COPY tsconfig.json vite.config.ts react-router.config.ts ./
COPY scripts ./scripts
COPY public ./public
COPY src ./src
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=1 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY src ./src
# The owner's commands: `docker compose exec shop-1 node scripts/shop.ts stock <productId> <quantity>`; the Node flags.
COPY scripts/shop.ts scripts/node-flags.ts ./scripts/
# Embedded database, images, generated image sizes, mail outbox (with DATABASE_URL, only the files).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The official image's unprivileged user (uid 1000); nothing under /app is writable by it.
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start`'s Node flags (scripts/node-flags.ts: they depend on DATABASE_URL), without npm in between: `exec` makes Node
# PID 1, so it gets SIGTERM itself (main.ts drains requests and closes the database), and nothing tries to rebuild at start.
CMD ["sh", "-c", "exec node $(node scripts/node-flags.ts) src/server/main.ts"]
