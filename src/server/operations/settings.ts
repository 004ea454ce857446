import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  CONTROL_CHARACTERS,
  isBlankText,
  LONE_SURROGATE,
  LONE_SURROGATE_MESSAGE,
} from "../../contracts/auth.ts";
import { API_MIN_PER_MINUTE } from "../../contracts/operations.ts";
import { recordAudit } from "../accounts/audit.ts";
import { setSessionLifetimeDays } from "../auth/session.ts";
import { dataVersion, db } from "../db/client.ts";
import { systemSettings } from "../db/schema/index.ts";
import { env } from "../env.ts";
import { log } from "../log.ts";
import { publishStatus } from "../realtime/hub.ts";

/**
 * Run-time settings an admin changes on the Settings tab. They are read on every request (the
 * maintenance check, the rate limiters, session expiry), so the process keeps the current values in
 * memory: loaded at start by `loadSystemSettings()`, replaced by `updateSystemSetting()` after the
 * database write. Another process on the same database (a second server, a restore) can change them
 * too: at most once a second a request has the stored rows read again in the background (on a local
 * file only when the database moved since: `dataVersion()`), and they are applied when they differ
 * from those last read, so a change made there holds here within about a second.
 */
/**
 * The bodies an admin sends are strict: a misspelt field (`{"enabeld": true}`) is named in a 422, not
 * dropped while the rest is saved and a 200 says it worked. `loadSystemSettings` reads stored values
 * leniently: a stored field a later version no longer knows does not reset the setting to its default.
 */
export const MaintenanceSchema = z.strictObject({
  enabled: z.boolean(),
  // Shown in every signed-in user's banner: one line, no control characters.
  message: z
    .string()
    .trim()
    .max(300)
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: "Must not contain control characters" })
    // Half a surrogate pair was stored as U+FFFD, the banner not the one sent (review r31-b #3).
    .refine((v) => !LONE_SURROGATE.test(v), { message: LONE_SURROGATE_MESSAGE })
    // Invisible characters only ("\u200b\u200b") are blank, as in profile names: no message, as an
    // empty or whitespace-only one is, rather than an invisible one in every banner (review s9 #2).
    .transform((v) => (isBlankText(v) ? "" : v)),
});
/** A whole number in a range; every way of missing it says the range (review r27-b #4). */
const wholeNumberIn = (from: number, to: number, what = "") => {
  const message = `A whole number ${what}from ${from.toLocaleString("en")} to ${to.toLocaleString("en")}`;
  return z.number({ message }).int({ message }).min(from, { message }).max(to, { message });
};
const limit = wholeNumberIn(1, 100_000);
const API_LIMIT_MESSAGE = `0 (no limit), or from ${API_MIN_PER_MINUTE} to 100,000 requests a minute`;
export const RateLimitsSchema = z.strictObject({
  /** Sign-in and sign-up attempts in 15 minutes: from one address, one email from one address, one email. */
  signInPerIp: limit,
  signInPerEmailAndIp: limit,
  signInPerEmail: limit,
  /**
   * API requests a minute for one signed-in user (or one address when signed out); 0: no limit. Below
   * API_MIN_PER_MINUTE one screen's own requests would use it up (ADR 022).
   */
  apiPerMinute: z
    .number()
    .int({ message: API_LIMIT_MESSAGE })
    .max(100_000, { message: API_LIMIT_MESSAGE })
    .refine((v) => v === 0 || v >= API_MIN_PER_MINUTE, { message: API_LIMIT_MESSAGE }),
});
export const SecuritySchema = z.strictObject({
  sessionLifetimeDays: wholeNumberIn(1, 365, "of days "),
});

export const SETTINGS = {
  maintenance: MaintenanceSchema,
  rateLimits: RateLimitsSchema,
  security: SecuritySchema,
} as const;
export type SettingKey = keyof typeof SETTINGS;
export type SystemSettings = { [K in SettingKey]: z.infer<(typeof SETTINGS)[K]> };

export function defaultSettings(): SystemSettings {
  const e = env();
  return {
    maintenance: { enabled: false, message: "" },
    rateLimits: {
      signInPerIp: e.AUTH_RATE_LIMIT_PER_IP,
      signInPerEmailAndIp: e.AUTH_RATE_LIMIT_PER_EMAIL,
      signInPerEmail: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      apiPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    },
    security: { sessionLifetimeDays: 30 },
  };
}

let current: SystemSettings | undefined;
/** The stored rows as last read, as text: a commit that left them as they were changes nothing here. */
let storedText: string | undefined;
/** The database's version when they were last read (null: a database that has none, read each time). */
let readAtVersion: number | null = null;
/** Moves with each change made here, so a read started before it does not put the old values back. */
let generation = 0;
/** The read under way, which requests asking meanwhile wait for too. */
let rereading: Promise<void> | null = null;
let lastLook = 0;
/** How often, at most, a request has the stored settings looked at again. */
const REREAD_EVERY_MS = 1000;

/** The settings in force (defaults until `loadSystemSettings` has run or an admin changed one). */
export function currentSettings(): SystemSettings {
  current ??= defaultSettings();
  void followOtherProcesses();
  return current;
}

/**
 * The settings in force with another process's change applied first when one is due to be looked for:
 * what the guards of every API request read (the maintenance check first), so the first request after
 * a quiet spell is not let through on the values held before it. Costs a few microseconds, and one
 * small read at most once a second when the database moved.
 */
export async function freshSettings(): Promise<SystemSettings> {
  current ??= defaultSettings();
  await followOtherProcesses();
  return current;
}

/**
 * Reads the stored settings again when due, and applies them when they changed. A read that fails
 * keeps the values held.
 */
function followOtherProcesses(): Promise<void> {
  if (storedText === undefined) return Promise.resolve();
  if (rereading) return rereading;
  const now = Date.now();
  if (now - lastLook < REREAD_EVERY_MS) return Promise.resolve();
  lastLook = now;
  // A local file says in microseconds whether anything committed since; a remote database is asked.
  const version = dataVersion();
  if (version != null && version === readAtVersion) return Promise.resolve();
  const read = loadSystemSettings({ onlyIfChanged: true })
    .then(() => undefined)
    .catch((error) => log.warn("system settings: reading them again failed; the values held stay", { error }))
    .finally(() => {
      if (rereading === read) rereading = null;
    });
  rereading = read;
  return read;
}

/**
 * Looks for another process's change every `intervalMs` on its own, not only when a request asks:
 * a server no request reaches would otherwise never tell its open tabs that another process turned
 * maintenance on (review r32-b #1). A look costs a few microseconds on a local file (the database's
 * version), and one small read when it moved. Returns a stop function.
 */
export function startSettingsFollow(intervalMs = REREAD_EVERY_MS): () => void {
  const timer = setInterval(() => {
    lastLook = 0;
    void followOtherProcesses();
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

/**
 * A stored value an earlier release allowed and the rules now refuse, brought to the nearest value
 * allowed: an API limit of 30 to 119 a minute (the floor was 30, ADR 022's addendum) becomes 120, so a
 * limit an admin set stays a limit rather than becoming "no limit".
 */
const UPGRADES: Partial<Record<SettingKey, (value: Record<string, unknown>) => Record<string, unknown>>> = {
  rateLimits: (v) =>
    typeof v.apiPerMinute === "number" && v.apiPerMinute > 0 && v.apiPerMinute < API_MIN_PER_MINUTE
      ? { ...v, apiPerMinute: API_MIN_PER_MINUTE }
      : v,
};

/**
 * One stored setting as the current rules read it: as stored; else brought to the nearest allowed
 * value (UPGRADES); else field by field, each field that no longer validates taking its default and
 * the others kept (a stricter sign-in limit an admin set is not lost with an API limit now refused).
 */
function settingAsStored<K extends SettingKey>(
  key: K,
  stored: unknown,
  fallback: SystemSettings[K],
): SystemSettings[K] {
  const schema = z.object(SETTINGS[key].shape);
  const exact = schema.safeParse(stored);
  if (exact.success) return exact.data as SystemSettings[K];
  const value = stored != null && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const upgraded = schema.safeParse(UPGRADES[key]?.(value) ?? value);
  if (upgraded.success) {
    log.warn("stored system setting raised to the nearest value the rules now allow", {
      key,
      stored,
      now: upgraded.data,
    });
    return upgraded.data as SystemSettings[K];
  }
  const out: Record<string, unknown> = { ...(fallback as Record<string, unknown>) };
  const defaulted: string[] = [];
  for (const [field, fieldSchema] of Object.entries(SETTINGS[key].shape) as Array<[string, z.ZodType]>) {
    const one = fieldSchema.safeParse(value[field]);
    if (one.success) out[field] = one.data;
    else defaulted.push(field);
  }
  log.warn("stored system setting no longer valid in part; those fields take their defaults", {
    key,
    defaulted,
  });
  return out as SystemSettings[K];
}

/**
 * Reads every stored setting (settingAsStored: what no longer validates is logged and defaulted).
 * `onlyIfChanged`: keeps the values held when the stored rows are those last read (no warning again).
 */
export async function loadSystemSettings(options: { onlyIfChanged?: boolean } = {}): Promise<SystemSettings> {
  // The version before the read: a commit during it moves the version again, and is read next time.
  const version = dataVersion();
  const startedAt = generation;
  const rows = await db().select().from(systemSettings);
  // A change made here while this read was under way is newer than what it read.
  if (startedAt !== generation) return currentSettings();
  readAtVersion = version;
  const text = JSON.stringify(
    rows.map((row) => [row.key, row.value]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  if (options.onlyIfChanged && text === storedText) return currentSettings();
  storedText = text;
  const next = defaultSettings();
  for (const row of rows) {
    if (!(row.key in SETTINGS)) continue;
    const key = row.key as SettingKey;
    (next as Record<SettingKey, unknown>)[key] = settingAsStored(key, row.value, next[key]);
  }
  current = next;
  apply(next);
  return next;
}

/** The maintenance state last applied (as `GET /api/status` shows it), to tell open tabs when it changes. */
let appliedMaintenance: string | undefined;

/**
 * Settings that live elsewhere (session expiry) follow the current values; a change of maintenance
 * mode or its message, made here or read from another process, is told to every open socket.
 */
function apply(settings: SystemSettings): void {
  setSessionLifetimeDays(settings.security.sessionLifetimeDays);
  const maintenance = { enabled: settings.maintenance.enabled, message: settings.maintenance.message };
  const text = JSON.stringify(maintenance);
  if (appliedMaintenance !== undefined && text !== appliedMaintenance) publishStatus({ maintenance });
  appliedMaintenance = text;
}

/** Whether two values of one setting are the same, field by field (the order of the keys aside). */
function sameSetting(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

/**
 * Stores one setting, applies it at once, and writes the audit log. A value the same as the one in
 * force (read fresh, so another process's change counts) is neither stored nor audited (review r25
 * #9: a Save pressed without an edit wrote "settings.changed" with equal before and after):
 * `changed: false` says so, and the Settings tab tells the admin there was nothing to save.
 */
export async function updateSystemSetting<K extends SettingKey>(
  actorId: string,
  key: K,
  value: SystemSettings[K],
): Promise<SystemSettings & { changed: boolean }> {
  // A failed read keeps the values held: the save then compares with those.
  await loadSystemSettings({ onlyIfChanged: true }).catch(() => undefined);
  const before = currentSettings()[key];
  if (sameSetting(before, value)) return { ...currentSettings(), changed: false };
  const now = new Date();
  await db()
    .insert(systemSettings)
    .values({ key, value, updatedAt: now, updatedBy: actorId })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now, updatedBy: actorId } });
  generation++;
  // Read back whole, so the rows held are the ones stored: the next look for another process's change
  // does not take this one for it and apply everything again.
  await loadSystemSettings().catch(() => {
    current = { ...currentSettings(), [key]: value };
    apply(current);
  });
  await recordAudit({ actorId, action: "settings.changed", targetId: key, detail: { before, after: value } });
  return { ...currentSettings(), changed: true };
}

/** Tests only: forget the in-memory copy (the next read starts from defaults). */
export function resetSettingsForTests(): void {
  current = undefined;
  storedText = undefined;
  readAtVersion = null;
  lastLook = 0;
  apply(currentSettings());
}

export async function storedSetting(key: SettingKey): Promise<unknown> {
  const [row] = await db().select().from(systemSettings).where(eq(systemSettings.key, key));
  return row?.value;
}
