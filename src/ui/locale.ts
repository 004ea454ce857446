/**
 * How the kit and the app write dates: the locale's conventions (Settings → Preferences → Language:
 * "Nov 25, 2026" in English, "25 nov 2026" in Spanish…) and the time zone event times are shown in
 * (Settings → Preferences → Time zone). Numbers and the words of the interface stay English whatever
 * the locale (the server writes figures into its texts in English). The app sets it from the user's settings
 * (src/client/format/preferences.ts); the kit only reads it.
 */
export interface FormatLocale {
  /** A BCP 47 locale Intl understands: "en-US", "de-DE". */
  locale: string;
  /** An IANA time zone: "UTC", "Europe/Berlin". */
  timeZone: string;
}

export const DEFAULT_FORMAT_LOCALE: FormatLocale = { locale: "en-US", timeZone: "UTC" };

let current: FormatLocale = DEFAULT_FORMAT_LOCALE;
let version = 0;

export function formatLocale(): FormatLocale {
  return current;
}

/** Sets the conventions; returns whether anything changed. */
export function setFormatLocale(next: FormatLocale): boolean {
  if (next.locale === current.locale && next.timeZone === current.timeZone) return false;
  current = { locale: next.locale, timeZone: next.timeZone };
  version++;
  return true;
}

/** A getter for an Intl formatter built once per locale and rebuilt when it changes. */
export function perLocale<T>(build: (locale: FormatLocale) => T): () => T {
  let builtAt = -1;
  let value: T;
  return () => {
    if (builtAt !== version) {
      value = build(current);
      builtAt = version;
    }
    return value;
  };
}
