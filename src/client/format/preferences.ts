import type { Language, Settings } from "../../contracts/settings-options.ts";
import { DEFAULT_FORMAT_LOCALE, type FormatLocale, setFormatLocale } from "../../ui/locale.ts";

/**
 * Settings → Preferences → Language and Time zone as the app's formatting conventions (ui/locale.ts):
 * the language picks the locale dates and numbers are written in (the interface stays English), the
 * time zone the zone event times are shown in. Remembered locally, like the theme, so the next load
 * writes its first screen the user's way before the settings arrive.
 */
export const LANGUAGE_LOCALES: Record<Language, string> = {
  en: "en-US",
  es: "es-ES",
  fr: "fr-FR",
  de: "de-DE",
};

export const FORMAT_STORAGE_KEY = "gi-format";

export function formatLocaleOf(
  preferences: Pick<Settings["preferences"], "language" | "timezone">,
): FormatLocale {
  return {
    locale: LANGUAGE_LOCALES[preferences.language] ?? DEFAULT_FORMAT_LOCALE.locale,
    timeZone: isKnownTimeZone(preferences.timezone) ? preferences.timezone : DEFAULT_FORMAT_LOCALE.timeZone,
  };
}

/** True for a time zone this browser can write times in. */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Applies the user's language and time zone; returns whether the conventions changed. */
export function applyFormatPreferences(
  preferences: Pick<Settings["preferences"], "language" | "timezone">,
): boolean {
  const next = formatLocaleOf(preferences);
  const changed = setFormatLocale(next);
  if (changed) {
    try {
      localStorage.setItem(FORMAT_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage may be unavailable (private mode); the conventions still apply for this page.
    }
  }
  return changed;
}

/** At start: the conventions of the last visit, until the settings arrive. */
export function restoreFormatPreferences(): void {
  try {
    const stored = JSON.parse(
      localStorage.getItem(FORMAT_STORAGE_KEY) ?? "null",
    ) as Partial<FormatLocale> | null;
    if (!stored || typeof stored.locale !== "string" || typeof stored.timeZone !== "string") return;
    if (!Object.values(LANGUAGE_LOCALES).includes(stored.locale) || !isKnownTimeZone(stored.timeZone)) return;
    setFormatLocale({ locale: stored.locale, timeZone: stored.timeZone });
  } catch {
    // Nothing usable stored: the defaults stand.
  }
}

/** This browser's own time zone ("Europe/Berlin"), offered in Settings as a one-click choice. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isKnownTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** Every time zone the browser knows, UTC first. */
export function timeZoneNames(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "timeZone") => string[] };
  const zones = intl.supportedValuesOf?.("timeZone") ?? [];
  return ["UTC", ...zones.filter((z) => z !== "UTC")];
}
