import { eq } from "drizzle-orm";
import {
  DEFAULT_SETTINGS,
  mergeSettings,
  type Settings,
  type SettingsPatch,
  SettingsPatchSchema,
} from "../../contracts/settings.ts";
import { db } from "../db/client.ts";
import { userSettings } from "../db/schema/index.ts";
import { log } from "../log.ts";

/**
 * A user's settings (spec §3): the defaults until something is saved; saving deep-merges a full
 * or partial object onto what was saved before (issue 2 §6).
 */
async function savedSettings(userId: string): Promise<Settings> {
  const [row] = await db()
    .select({ settings: userSettings.settings })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  if (!row) return DEFAULT_SETTINGS;
  // Stored JSON is read as a patch over the defaults: a row written before a field existed still
  // answers a complete object, and a field whose stored value is no longer allowed falls back.
  const parsed = SettingsPatchSchema.safeParse(row.settings);
  if (parsed.success) return mergeSettings(DEFAULT_SETTINGS, parsed.data);
  log.warn("stored settings no longer valid; answering defaults", { userId });
  return DEFAULT_SETTINGS;
}

export function getSettings(userId: string): Promise<Settings> {
  return savedSettings(userId);
}

export async function updateSettings(userId: string, patch: SettingsPatch): Promise<Settings> {
  const next = mergeSettings(await savedSettings(userId), patch);
  const updatedAt = new Date();
  await db()
    .insert(userSettings)
    .values({ userId, settings: next, updatedAt })
    .onConflictDoUpdate({ target: userSettings.userId, set: { settings: next, updatedAt } });
  return next;
}
