// The server Playwright tests run against: the production build on a fresh data directory (demo catalogue seeded at
// start, images rendered), so every run starts from the same shop and never touches the developer's .data/.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Test what the sources say, not a stale build (`npx playwright test` may run without `npm test`).
const build = spawnSync(process.execPath, ["scripts/build-if-needed.ts"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
const dataDir = path.join(root, "reports/e2e-data");
// Rendered images survive between runs (they are deterministic); the database does not.
rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
rmSync(path.join(dataDir, "pglite.lock"), { force: true });

// Always the embedded database, whatever the shell has configured.
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir };
delete env.DATABASE_URL;
const child = spawn(process.execPath, ["src/server/main.ts"], { cwd: root, stdio: "inherit", env });
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
