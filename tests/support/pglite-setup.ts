import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPglite, openDatabase } from "#db/client.ts";
import { prepareTemplate } from "./template-database.ts";

/**
 * Migrate and seed ONE in-memory PGlite, dump it, and let every test file load that snapshot (~0.6 s) instead of
 * running initdb + migrations + seed itself (~4 s).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "storefront-pglite-"));
  const pglite = await createPglite();
  const database = await openDatabase({ pglite });
  await prepareTemplate(database);
  const dump = await pglite.dumpDataDir("none");
  const file = path.join(dir, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteSnapshot", file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
