import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config/load-config.ts";
import { nodeFlags, processEnv } from "../../scripts/node-flags.ts";

// The deployment files (Dockerfile, compose.yaml, deploy/): nothing here can pull or build an image, so compose.yaml is
// validated by Compose itself (`docker compose config`, or the older `docker-compose config`, which .ci/run installs)
// and the Dockerfile is read line by line for what production depends on.
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const EXAMPLE_ENV = "deploy/compose.env.example";

let found: string[] | undefined;
/** `docker compose` when the plugin is installed, else `docker-compose`; neither is a failure, not a skip. */
function composeCommand(): string[] {
  if (found) return found;
  found = findComposeCommand();
  return found;
}

function findComposeCommand(): string[] {
  const plugin = spawnSync("docker", ["compose", "version"], { encoding: "utf8" });
  if (plugin.status === 0) return ["docker", "compose"];
  const standalone = spawnSync("docker-compose", ["version"], { encoding: "utf8" });
  if (standalone.status === 0) return ["docker-compose"];
  throw new Error("Neither `docker compose` nor `docker-compose` is installed (apt-get install docker-compose; .ci/run does)");
}

/**
 * Runs `compose <args>` in the repository with only PATH and HOME from this environment, so no variable of the
 * machine's stands in for one the files must provide.
 */
function compose(args: string[]) {
  const [command = "", ...prefix] = composeCommand();
  return spawnSync(command, [...prefix, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
}

/**
 * Compose's normalized output (block YAML, two spaces per level), cut into its services' lines. Enough of YAML for the
 * questions below; the validation itself is Compose's.
 */
function services(normalized: string): Map<string, string[]> {
  const blocks = new Map<string, string[]>();
  let inServices = false;
  let current: string[] | undefined;
  for (const line of normalized.split("\n")) {
    if (/^\S/.test(line)) {
      inServices = line.startsWith("services:");
      current = undefined;
      continue;
    }
    if (!inServices) continue;
    const name = /^ {2}([\w.-]+):\s*$/.exec(line)?.[1];
    if (name) {
      current = [];
      blocks.set(name, current);
    } else {
      current?.push(line);
    }
  }
  return blocks;
}

/** The lines of a key of a service (`    healthcheck:` and what is indented under it). */
function section(block: readonly string[], key: string): string[] | undefined {
  const start = block.findIndex((line) => line === `    ${key}:` || line.startsWith(`    ${key}: `));
  if (start === -1) return undefined;
  const end = block.findIndex((line, index) => index > start && /^ {4}\S/.test(line));
  return block.slice(start, end === -1 ? undefined : end);
}

function environment(block: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of section(block, "environment")?.slice(1) ?? []) {
    const match = /^ {6}([A-Z0-9_]+): ?(.*)$/.exec(line);
    if (!match?.[1]) continue;
    const raw = match[2] ?? "";
    env[match[1]] = /^'.*'$/.test(raw) ? raw.slice(1, -1).replaceAll("''", "'") : /^".*"$/.test(raw) ? JSON.parse(raw) : raw;
  }
  return env;
}

describe("compose.yaml", () => {
  let normalized: ReturnType<typeof compose> | undefined;
  const config = () => {
    normalized ??= compose(["--env-file", EXAMPLE_ENV, "config"]);
    return normalized;
  };

  it("is a valid Compose file, by Compose itself, with the example variables", () => {
    const result = config();
    expect(result.stderr).not.toMatch(/invalid|error/i);
    expect(result.status).toBe(0);
  });

  it("refuses to run without its secrets: they come from the env file, none is written in compose.yaml", () => {
    const result = compose(["config"]);
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(
      /set (POSTGRES_PASSWORD|SESSION_SECRET|PAYMENT_PROVIDER|S3_ACCESS_KEY_ID|S3_SECRET_ACCESS_KEY|MINIO_ROOT_USER|MINIO_ROOT_PASSWORD)/,
    );
    const example = read(EXAMPLE_ENV);
    for (const key of ["SESSION_SECRET", "POSTGRES_PASSWORD", "MINIO_ROOT_PASSWORD", "S3_SECRET_ACCESS_KEY"]) {
      expect(example, key).toMatch(new RegExp(`^${key}=change-me`, "m"));
    }
  });

  it("runs two instances of the shop's image behind a load balancer, with PostgreSQL, Redis and MinIO", () => {
    const blocks = services(config().stdout);
    const shops = [...blocks].filter(([, block]) => block.some((line) => /^ {6}context: /.test(line)));
    expect(shops.map(([name]) => name).sort()).toEqual(["shop-1", "shop-2"]);
    const images = shops.map(([, block]) => block.find((line) => line.startsWith("    image: ")));
    expect(new Set(images).size).toBe(1);
    for (const name of ["load-balancer", "postgres", "redis", "minio", "minio-init"]) expect(blocks.has(name), name).toBe(true);
    expect(section(blocks.get("load-balancer") ?? [], "ports")).toBeDefined();
    for (const [name] of shops) expect(section(blocks.get(name) ?? [], "ports"), `${name} publishes no port`).toBeUndefined();
  });

  it("gives every long-running service a health check, and starts each only once what it needs is healthy", () => {
    const blocks = services(config().stdout);
    for (const [name, block] of blocks) {
      if (name === "minio-init") continue;
      expect(section(block, "healthcheck"), `${name} has a healthcheck`).toBeDefined();
    }
    const dependsOn = (name: string) => section(blocks.get(name) ?? [], "depends_on")?.join("\n") ?? "";
    for (const shop of ["shop-1", "shop-2"]) {
      expect(dependsOn(shop)).toMatch(/postgres:\s+condition: service_healthy/);
      expect(dependsOn(shop)).toMatch(/redis:\s+condition: service_healthy/);
      expect(dependsOn(shop)).toMatch(/minio-init:\s+condition: service_completed_successfully/);
      expect(dependsOn("load-balancer")).toMatch(new RegExp(`${shop}:\\s+condition: service_healthy`));
    }
    expect(dependsOn("minio-init")).toMatch(/minio:\s+condition: service_healthy/);
    expect(section(blocks.get("shop-1") ?? [], "healthcheck")?.join("\n")).toContain("/healthz");
  });

  it("configures the shops as the shop's own configuration requires in production on PostgreSQL", () => {
    const blocks = services(config().stdout);
    const env = environment(blocks.get("shop-1") ?? []);
    expect(environment(blocks.get("shop-2") ?? [])).toEqual(env);
    for (const key of ["DATABASE_URL", "REDIS_URL", "PUBLIC_URL", "TRUST_PROXY", "SESSION_SECRET", "PAYMENT_PROVIDER"]) {
      expect(env[key], key).toBeTruthy();
    }
    for (const key of [
      "S3_ENDPOINT",
      "S3_BUCKET",
      "S3_REGION",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
      "S3_FORCE_PATH_STYLE",
    ]) {
      expect(env[key], key).toBeTruthy();
    }
    // The shop's own validation (production with DATABASE_URL: shared session secret, explicit payment provider). The
    // example's placeholder secret is refused until the operator replaces it, as the env file says.
    expect(() => loadConfig(env)).toThrow(`SESSION_SECRET: this is the example value from ${EXAMPLE_ENV}`);
    const shopConfig = loadConfig({ ...env, SESSION_SECRET: randomBytes(48).toString("base64") });
    expect(shopConfig.NODE_ENV).toBe("production");
    expect(new URL(String(shopConfig.DATABASE_URL)).hostname).toBe("postgres");
    expect(new URL(String(shopConfig.REDIS_URL)).hostname).toBe("redis");
    // Only the load balancer's X-Forwarded-For is believed: its fixed address, nothing wider.
    const balancer = section(blocks.get("load-balancer") ?? [], "networks")?.join("\n") ?? "";
    expect(shopConfig.TRUST_PROXY).toEqual([/ipv4_address: ([\d.]+)/.exec(balancer)?.[1]]);
  });

  it("gives PostgreSQL buffers for the catalogue, set from the env file, refilled after a restart, and room for parallel queries", () => {
    const postgres = services(config().stdout).get("postgres") ?? [];
    // The list's items follow `    command:` (docker-compose 1.29 prints them at the key's indent, the plugin deeper).
    const start = postgres.indexOf("    command:");
    const rest = start === -1 ? [] : postgres.slice(start + 1);
    const end = rest.findIndex((line) => !/^ {4,}- /.test(line));
    const command = rest.slice(0, end === -1 ? undefined : end).join("\n");
    expect(command).toMatch(/- shared_buffers=1GB$/m);
    expect(command).toMatch(/- effective_cache_size=3GB$/m);
    expect(command).toMatch(/- shared_preload_libraries=pg_prewarm$/m);
    expect(read(EXAMPLE_ENV)).toMatch(/^POSTGRES_SHARED_BUFFERS=1GB$/m);
    expect(postgres.find((line) => line.startsWith("    shm_size: "))).toBeDefined();
  });

  it("balances over both shops through deploy/nginx.conf, which never serves /metrics", () => {
    const nginx = read("deploy/nginx.conf");
    expect(nginx).toMatch(/server shop-1:3000\b/);
    expect(nginx).toMatch(/server shop-2:3000\b/);
    expect(nginx).toMatch(/location = \/metrics \{\s*return 404;/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(read("compose.yaml")).toContain("./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro");
  });
});

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");
  // Instructions with their continuation lines joined, comments left out.
  const instructions = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const stageStarts = instructions.flatMap((line, index) => (/^FROM /i.test(line) ? [index] : []));
  const stages = stageStarts.map((start, n) => instructions.slice(start, stageStarts[n + 1]));
  const build = stages[0] ?? [];
  const runtime = stages.at(-1) ?? [];
  const find = (lines: string[], pattern: RegExp) => lines.filter((line) => pattern.test(line));

  it("builds in one stage (npm ci, npm run build) and runs from another on node:24-bookworm-slim", () => {
    expect(stageStarts.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(build[0]).toMatch(/^FROM \$\{NODE_IMAGE\} AS build$/);
    expect(runtime[0]).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/);
    expect(find(build, /^RUN npm ci\b/)).not.toEqual([]);
    expect(find(build, /^RUN npm run build$/)).toHaveLength(1);
    expect(find(runtime, /^COPY --from=build \/app\/build \.\/build$/)).toHaveLength(1);
  });

  it("installs only production dependencies in the image that runs", () => {
    const installs = find(runtime, /\bnpm (ci|install)\b/);
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/npm ci --omit=dev\b/);
    expect(find(runtime, /npm run build/)).toEqual([]);
  });

  it("runs as an unprivileged user, in production, with npm start's Node flags and no npm in between", () => {
    const users = find(runtime, /^USER /);
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^USER (root|0)(:|$)/);
    expect(runtime.indexOf(users[0] ?? "")).toBeLessThan(runtime.findIndex((line) => /^CMD /.test(line)));
    expect(find(runtime, /^ENV /).join(" ")).toMatch(/\bNODE_ENV=production\b/);
    const start: string = JSON.parse(read("package.json")).scripts.start;
    const nodeCommand = /NODE_ENV=production (node .*)$/.exec(start)?.[1];
    expect(nodeCommand).toBe("node $(node scripts/node-flags.ts) src/server/main.ts");
    const cmd = find(runtime, /^CMD /)[0] ?? "";
    // A shell only to fill in the flags, then `exec`: Node replaces it as PID 1 and receives SIGTERM itself.
    expect(JSON.parse(cmd.slice("CMD ".length))).toEqual(["sh", "-c", `exec ${nodeCommand}`]);
    expect(find(runtime, /^COPY .*scripts\/node-flags\.ts/)).toHaveLength(1);
  });

  it("starts the process with npm start's environment (processEnv)", () => {
    const env = find(runtime, /^ENV /).join(" ");
    const start: string = JSON.parse(read("package.json")).scripts.start;
    for (const [key, value] of Object.entries(processEnv)) {
      expect(env).toMatch(new RegExp(`\\b${key}=${value}\\b`));
      expect(start).toContain(`${key}=${value} NODE_ENV=production node `);
    }
  });

  it("declares its port, a health check on /healthz, and DATA_DIR on a volume", () => {
    const env = find(runtime, /^ENV /).join(" ");
    const port = /\bPORT=(\d+)/.exec(env)?.[1];
    expect(find(runtime, /^EXPOSE /)).toEqual([`EXPOSE ${port}`]);
    const healthcheck = find(runtime, /^HEALTHCHECK /);
    expect(healthcheck).toHaveLength(1);
    expect(healthcheck[0]).toMatch(/CMD .*\/healthz/);
    const dataDir = /\bDATA_DIR=(\S+)/.exec(env)?.[1];
    expect(dataDir).toBeDefined();
    expect(find(runtime, /^VOLUME /).join(" ")).toContain(`"${dataDir}"`);
  });

  it("copies only files that exist and that .dockerignore lets into the build context", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#") && !line.startsWith("!"));
    const sources = find(instructions, /^COPY (?!--from)/).flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(existsSync(path.join(root, source)), source).toBe(true);
      expect(ignored, source).not.toContain(source.split("/")[0]);
    }
    for (const kept of ["node_modules", ".env", ".data", "build", ".git"]) expect(ignored).toContain(kept);
  });
});

describe("the Node flags (scripts/node-flags.ts)", () => {
  it("keep the embedded database's process small and give PostgreSQL's a larger young generation and no pretenuring", () => {
    expect(nodeFlags({})).toEqual(["--max-semi-space-size=4", "--max-old-space-size=384"]);
    expect(nodeFlags({ DATABASE_URL: "postgres://shop@db/shop" })).toEqual([
      "--min-semi-space-size=16",
      "--max-semi-space-size=16",
      "--max-old-space-size=384",
      "--no-allocation-site-pretenuring",
    ]);
  });

  it("are printed for the environment, .env included, by the command npm start and the Dockerfile run", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "node-flags-"));
    try {
      const env = { ...process.env };
      delete env.DATABASE_URL;
      const print = () =>
        spawnSync(process.execPath, [path.join(root, "scripts/node-flags.ts")], {
          cwd: dir,
          env,
          encoding: "utf8",
        }).stdout.trim();
      expect(print()).toBe("--max-semi-space-size=4 --max-old-space-size=384");
      writeFileSync(path.join(dir, ".env"), "DATABASE_URL=postgres://shop@db/shop\n");
      expect(print()).toBe(
        "--min-semi-space-size=16 --max-semi-space-size=16 --max-old-space-size=384 --no-allocation-site-pretenuring",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the server build (npm run build)", () => {
  it("loads no icon library at start-up: the icons are one sprite file (decision 030)", () => {
    const chunks = readdirSync(path.join(root, "build/server/assets")).filter((file) => file.endsWith(".js"));
    const bundle = ["index.js", ...chunks.map((file) => `assets/${file}`)].map((file) => read(`build/server/${file}`)).join();
    // lucide-react's index would create its ~1,600 icons in the process's heap; the pages point into the sprite instead.
    expect(bundle).not.toMatch(/lucide-react/);
    expect(bundle).toMatch(/\/assets\/icons-[\w-]+\.svg/);
  });
});
