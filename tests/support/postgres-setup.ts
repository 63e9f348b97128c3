import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#db/client.ts";
import { POSTGRES_TEMPLATE, prepareTemplate } from "./template-database.ts";

/**
 * Builds a template database on the PostgreSQL server of TEST_DATABASE_URL (migrated and seeded once); each test file
 * then gets its own copy with CREATE DATABASE ... TEMPLATE, which takes a fraction of a second.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
  await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  const templateUrl = withDatabase(adminUrl, POSTGRES_TEMPLATE);
  const database = await openDatabase({ databaseUrl: templateUrl, poolSize: 2 });
  await prepareTemplate(database);
  await database.close();
  await admin.end();
  project.provide("postgresTemplateUrl", templateUrl);
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await cleanup.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
