/**
 * The choices of spec §5 and the settings' shape as plain values and types, without zod, so the
 * client bundle can use them; `settings.ts` holds the schemas that validate them.
 */
export const THEMES = ["dark", "light", "auto"] as const;
export const LANGUAGES = ["en", "es", "fr", "de"] as const;
/** Seconds between automatic data refreshes (spec §5). */
export const REFRESH_INTERVALS = [60, 300, 600, 1800] as const;
export const PLATFORMS = ["steam", "epic", "xbox", "origin", "uplay", "gog"] as const;
export const GENRES = ["fps", "rpg", "moba", "rts", "racing", "sports", "puzzle", "horror"] as const;

export type Theme = (typeof THEMES)[number];
export type Language = (typeof LANGUAGES)[number];
export type RefreshInterval = (typeof REFRESH_INTERVALS)[number];
export type Platform = (typeof PLATFORMS)[number];
export type Genre = (typeof GENRES)[number];

export interface Settings {
  notifications: { email: boolean; push: boolean; gameUpdates: boolean; priceAlerts: boolean };
  preferences: { theme: Theme; language: Language; timezone: string; dataRefreshInterval: RefreshInterval };
  privacy: { profilePublic: boolean; shareData: boolean; analyticsTracking: boolean };
  gaming: { platforms: Platform[]; favoriteGenres: Genre[]; trackingEnabled: boolean };
}
