import { z } from "zod";

/**
 * The user's settings object (spec §3 "Settings object") with the choices of spec §5.
 * Shared by the Settings screen and `GET`/`PATCH /api/user/settings`.
 */
import {
  GENRES,
  type Genre,
  LANGUAGES,
  type Language,
  PLATFORMS,
  type Platform,
  REFRESH_INTERVALS,
  type RefreshInterval,
  type Settings,
  THEMES,
  type Theme,
} from "./settings-options.ts";

export type { Genre, Language, Platform, RefreshInterval, Settings, Theme };
export { GENRES, LANGUAGES, PLATFORMS, REFRESH_INTERVALS, THEMES };

/** True for an IANA time zone name the runtime knows ("UTC", "Europe/Paris"…). */
export function isTimeZone(value: string): boolean {
  if (value === "" || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The time zone's name as Intl spells it ("europe/paris" → "Europe/Paris"). */
export function canonicalTimeZone(value: string): string {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return value;
  }
}

/** A subset of a fixed list: every value known, none twice. */
function subsetOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .array(z.enum(values))
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, { message: "Each value may appear only once" });
}

export const NotificationSettingsSchema = z.strictObject({
  email: z.boolean(),
  push: z.boolean(),
  gameUpdates: z.boolean(),
  priceAlerts: z.boolean(),
});

export const PreferenceSettingsSchema = z.strictObject({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  // An IANA name ("Europe/Paris", "UTC"), stored as Intl spells it ("europe/paris" → "Europe/Paris");
  // an offset ("+05:30") is not a time zone's name and does not follow its daylight saving.
  timezone: z
    .string()
    .trim()
    .refine((v) => isTimeZone(v) && !/^[+-]\d/.test(v), {
      message: "Unknown time zone: use an IANA name such as Europe/Paris",
    })
    .transform(canonicalTimeZone),
  dataRefreshInterval: z.literal(REFRESH_INTERVALS),
});

export const PrivacySettingsSchema = z.strictObject({
  profilePublic: z.boolean(),
  shareData: z.boolean(),
  analyticsTracking: z.boolean(),
});

export const GamingSettingsSchema = z.strictObject({
  platforms: subsetOf(PLATFORMS),
  favoriteGenres: subsetOf(GENRES),
  trackingEnabled: z.boolean(),
});

export const SettingsSchema = z.strictObject({
  notifications: NotificationSettingsSchema,
  preferences: PreferenceSettingsSchema,
  privacy: PrivacySettingsSchema,
  gaming: GamingSettingsSchema,
});
// The schema must keep producing exactly the shape of `Settings` in settings-options.ts.
const _shapeCheck: (v: z.infer<typeof SettingsSchema>) => Settings = (v) => v;
void _shapeCheck;

/**
 * What `PATCH /api/user/settings` accepts: the full object or any part of it, at any depth of
 * the four sections. It is deep-merged onto the saved settings (arrays are replaced whole).
 */
export const SettingsPatchSchema = z.strictObject({
  notifications: NotificationSettingsSchema.partial().optional(),
  preferences: PreferenceSettingsSchema.partial().optional(),
  privacy: PrivacySettingsSchema.partial().optional(),
  gaming: GamingSettingsSchema.partial().optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/** Spec §3 defaults: what a user has until they save anything. */
export const DEFAULT_SETTINGS: Settings = {
  notifications: { email: true, push: false, gameUpdates: true, priceAlerts: true },
  preferences: { theme: "dark", language: "en", timezone: "UTC", dataRefreshInterval: 300 },
  privacy: { profilePublic: false, shareData: true, analyticsTracking: true },
  gaming: { platforms: ["steam", "epic"], favoriteGenres: ["fps", "rpg"], trackingEnabled: true },
};

/** Applies a patch onto full settings, section by section; the result is a new object. */
export function mergeSettings(base: Settings, patch: SettingsPatch): Settings {
  return {
    notifications: { ...base.notifications, ...patch.notifications },
    preferences: { ...base.preferences, ...patch.preferences },
    privacy: { ...base.privacy, ...patch.privacy },
    gaming: { ...base.gaming, ...patch.gaming },
  };
}

/** `GET /api/user/stats`: the Profile tab's figures (spec §3 "User stats"), computed by the server. */
export const UserStatsSchema = z.object({
  trackedGames: z.number().int().nonnegative(),
  reportsGenerated: z.number().int().nonnegative(),
  /** Whole days since the account was created, counting the first day as 1. */
  daysActive: z.number().int().positive(),
});
export type UserStats = z.infer<typeof UserStatsSchema>;
