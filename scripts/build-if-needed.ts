// `npm start` builds the web app first when there is no build yet or a source file changed since the last one, so a
// fresh clone starts with `npm install && npm start`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build/server/index.js");
const inputs = [
  "src/web",
  "src/shared",
  "public",
  "vite.config.ts",
  "scripts/vite-precompress.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestMtime(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changedAt = Math.max(...inputs.map(newestMtime));
if (builtAt < changedAt) {
  console.log(builtAt === 0 ? "Building the web app (first start)..." : "Sources changed since the last build: rebuilding...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
