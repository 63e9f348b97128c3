// The JavaScript budget of a page, and the scripts a built page loads: read by the page-weight test (`npm test`) and
// by the Lighthouse bench, so the number lives here only (decision 029).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** A page's scripts at first load, each gzipped at level 9, in KB of 1,024 bytes. */
export const PAGE_SCRIPTS_GZIP_KB = 130;
/** The back office's pages (`routes/admin/*`): staff on a known device, not shoppers; their own budget. */
export const BACK_OFFICE_SCRIPTS_GZIP_KB = 140;

/** The budget of a page route, by its id. */
export function budgetKb(route: string): number {
  return route.startsWith("routes/admin/") ? BACK_OFFICE_SCRIPTS_GZIP_KB : PAGE_SCRIPTS_GZIP_KB;
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport: boolean;
  module: string;
  imports?: string[];
}

export interface PageScripts {
  route: string;
  files: string[];
  gzipBytes: number;
}

/** React Router's browser manifest (`window.__reactRouterManifest`) of a client build. */
export function readClientManifest(clientDir: string) {
  const assets = path.join(clientDir, "assets");
  const file = existsSync(assets) ? readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name)) : undefined;
  if (!file) throw new Error(`no React Router manifest under ${assets}: run \`npx react-router build\` first`);
  const text = readFileSync(path.join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return JSON.parse(json) as { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };
}

/** Every page route (one with a component) and the scripts it loads before it runs: no lazy `import()`. */
export function pageScripts(clientDir: string): PageScripts[] {
  const manifest = readClientManifest(clientDir);
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).byteLength;
      gzipped.set(file, size);
    }
    return size;
  };
  const load = (file: string, seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(clientDir, file), "utf8");
    for (const [, relative = ""] of code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.\.?\/[^"']+\.js)["']/g)) {
      load(path.posix.join(path.posix.dirname(file), relative), seen);
    }
  };
  return Object.values(manifest.routes)
    .filter((route) => route.hasDefaultExport && route.id !== "root")
    .map((route) => {
      const seen = new Set<string>();
      const chain: ManifestRoute[] = [];
      for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
        chain.push(r);
      }
      for (const file of [manifest.entry.module, ...(manifest.entry.imports ?? [])]) load(file, seen);
      for (const r of chain.reverse()) for (const file of [r.module, ...(r.imports ?? [])]) load(file, seen);
      const files = [...seen];
      return { route: route.id, files, gzipBytes: files.reduce((sum, file) => sum + sizeOf(file), 0) };
    });
}
