import { defineConfig } from "vitest/config";

// Unit tests live beside the code (src/**/*.test.ts; bench/**/*.test.ts for the benchmarks' load generator); API tests
// in tests/api run against the real app on a fresh database per file: in-memory PGlite always, and PostgreSQL too when
// TEST_DATABASE_URL is set.
// Playwright's *.spec.ts files are not Vitest's.
const postgres = Boolean(process.env.TEST_DATABASE_URL);
// The Redis store's tests need a server: TEST_REDIS_URL (.ci/run sets it when one answers on 127.0.0.1:6379).
const redis = Boolean(process.env.TEST_REDIS_URL);
// A file named *.postgres.test.ts or *.pglite.test.ts tests what only that database does, and only its project runs it.
const apiProject = (name: string, db: "pglite" | "postgres") => ({
  test: {
    name,
    include: ["tests/api/**/*.test.ts"],
    exclude: [db === "pglite" ? "tests/api/**/*.postgres.test.ts" : "tests/api/**/*.pglite.test.ts"],
    globalSetup: [`tests/support/${db}-setup.ts`],
    setupFiles: ["tests/support/setup-env.ts"],
    env: { TEST_DB: db },
    // Files share a worker's module graph (each still opens its own database and app): importing the app once per
    // worker instead of once per file halves the suite on 2 cores. Tests keep no module-level state between files.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // SSR tests import the real server build; the bridge must share our module graph (docs/architecture.md, "A request through the web app").
    server: { deps: { inline: ["@mcansh/react-router-fastify"] } },
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
          setupFiles: ["tests/support/setup-env.ts"],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      apiProject("api-pglite", "pglite"),
      {
        test: {
          name: "process",
          include: ["tests/server/**/*.test.ts"],
          // Two instances of one shop need a PostgreSQL and a Redis to share: without both the file is not run (and
          // not listed), rather than passed.
          exclude: postgres && redis ? [] : ["tests/server/two-instances.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres ? [apiProject("api-postgres", "postgres")] : []),
      ...(redis
        ? [
            {
              test: {
                name: "redis",
                include: ["tests/integrations/**/*.test.ts"],
                globalSetup: ["tests/support/pglite-setup.ts"],
                setupFiles: ["tests/support/setup-env.ts"],
                env: { TEST_DB: "pglite" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
