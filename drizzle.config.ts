import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./src/server/db/schema/index.ts",
  out: "./migrations",
  // FTS5 tables and their triggers live in a custom migration; keep drizzle-kit from dropping them.
  tablesFilter: ["!games_fts*"],
  casing: "snake_case",
});
