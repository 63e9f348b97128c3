import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#db/client.ts";
import { postgresTemplateName, prepareTemplate } from "./template-database.ts";

/**
 * Builds a template database on the PostgreSQL server of TEST_DATABASE_URL (migrated and seeded once); each test file
 * then gets its own copy with CREATE DATABASE ... TEMPLATE, which takes a fraction of a second.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const template = postgresTemplateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const templateUrl = withDatabase(adminUrl, template);
  const database = await openDatabase({ databaseUrl: templateUrl, poolSize: 2 });
  await prepareTemplate(database);
  await database.close();
  await admin.end();
  project.provide("postgresTemplateName", template);
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${template} with (force)`);
    await cleanup.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
