import type { Platform } from "../../../contracts/settings-options.ts";
import type { FreeGame, PlatformConnection } from "../../../contracts/sources.ts";

/** Settings → Gaming → Platforms, by the names the screens write them. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  steam: "Steam",
  epic: "Epic Games",
  xbox: "Xbox",
  origin: "Origin",
  uplay: "Uplay",
  gog: "GOG",
};

/**
 * The store of `/api/platforms/free-games` each platform's offers come under; null where no source
 * lists its free offers (Xbox, Origin, Uplay). The list's "Catalog" rows are free-to-play games whose
 * store is not recorded: they are no platform's.
 */
const FREE_GAMES_STORE: Record<Platform, FreeGame["store"] | null> = {
  steam: "Steam",
  epic: "Epic",
  gog: "GOG",
  xbox: null,
  origin: null,
  uplay: null,
};

/** The platform status list's row of each platform (`/api/platforms/all`); Origin and Uplay have none. */
const STATUS_ROW: Record<Platform, PlatformConnection["id"] | null> = {
  steam: "steam",
  epic: "epic",
  gog: "gog",
  xbox: "xbox",
  origin: null,
  uplay: null,
};

export interface MyFreeGames {
  /** The free games of the user's stores, in the list's order. */
  games: FreeGame[];
  /** The user's platforms whose offers are listed when there are any (Steam, Epic, GOG). */
  covered: Platform[];
  /** The user's platforms no source lists free offers of. */
  uncovered: Platform[];
  /** The free games of other stores, or of no recorded store, left out. */
  hidden: number;
  /** The stores of those left out, in the list's order. */
  hiddenStores: Array<FreeGame["store"]>;
}

/** The free games of the user's platforms, and what the filter leaves out. */
export function freeGamesOfPlatforms(all: readonly FreeGame[], platforms: readonly Platform[]): MyFreeGames {
  const stores = new Set(platforms.map((p) => FREE_GAMES_STORE[p]).filter((s) => s != null));
  const games = all.filter((g) => stores.has(g.store));
  return {
    games,
    covered: platforms.filter((p) => FREE_GAMES_STORE[p] != null),
    uncovered: platforms.filter((p) => FREE_GAMES_STORE[p] == null),
    hidden: all.length - games.length,
    hiddenStores: [...new Set(all.filter((g) => !stores.has(g.store)).map((g) => g.store))],
  };
}

/** The platform status rows (ids of `/api/platforms/all`) that are the user's platforms. */
export function statusRowsOfPlatforms(platforms: readonly Platform[]): Set<PlatformConnection["id"]> {
  return new Set(platforms.map((p) => STATUS_ROW[p]).filter((id) => id != null));
}

/** The user's platforms that have no row in the platform status list (Origin, Uplay). */
export function platformsWithoutStatus(platforms: readonly Platform[]): Platform[] {
  return platforms.filter((p) => STATUS_ROW[p] == null);
}

/** "Steam", "Steam and GOG", "Steam, Epic Games and GOG". */
export function platformList(platforms: readonly Platform[]): string {
  const names = platforms.map((p) => PLATFORM_NAMES[p]);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
