import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema (`npm run db:generate`) and applied at start-up by src/db/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema",
  out: "./src/db/migrations",
});
