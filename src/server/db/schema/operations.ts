import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Settings an admin changes at run time from the Settings tab (maintenance mode, sign-in limits,
 * session lifetime, backups). One row per setting; the value is JSON validated by its reader
 * (src/server/operations/settings.ts), so a row an older version wrote never breaks a start.
 */
export const systemSettings = sqliteTable("system_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  updatedBy: text("updated_by"),
});
