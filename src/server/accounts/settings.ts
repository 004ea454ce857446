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
import { query, run, writeTransaction } from "../db/write-transaction.ts";
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
  return row ? fromStored(row.settings, userId) : DEFAULT_SETTINGS;
}

/**
 * Stored JSON is read as a patch over the defaults: a row written before a field existed still
 * answers a complete object, and a field whose stored value is no longer allowed falls back.
 */
function fromStored(stored: unknown, userId: string): Settings {
  const parsed = SettingsPatchSchema.safeParse(stored);
  if (parsed.success) return mergeSettings(DEFAULT_SETTINGS, parsed.data);
  log.warn("stored settings no longer valid; answering defaults", { userId });
  return DEFAULT_SETTINGS;
}

export function getSettings(userId: string): Promise<Settings> {
  return savedSettings(userId);
}

/**
 * The read, the merge and the write are one write transaction, its lock taken before the read: a
 * change another server (another process on the file) saves meanwhile is either read and kept, or
 * waits for this one and merges onto it. Read, merged and written apart, two PATCHes of different
 * fields could both read the old object and the later write drop the earlier one's field, both
 * answered 200 (review r29, finding 2).
 */
export function updateSettings(userId: string, patch: SettingsPatch): Promise<Settings> {
  return writeTransaction(
    function* () {
      const [row] = yield* query("SELECT settings FROM user_settings WHERE user_id = ?", [userId]);
      const next = mergeSettings(
        row ? fromStored(JSON.parse(String(row.settings)), userId) : DEFAULT_SETTINGS,
        patch,
      );
      yield* run(
        `INSERT INTO user_settings (user_id, settings, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
        [userId, JSON.stringify(next), Date.now()],
      );
      return next;
    },
    { durable: true },
  );
}
