import { GBP_TO_USD_2019 } from "../importers/steam-store.ts";

/**
 * Stored series carry a short source id ("steamspy-csv"); screens name the source as a person reads it
 * (contracts/provenance.ts). An id not listed here is answered as it is stored.
 */
const NAMES: Record<string, string> = {
  demo: "Demo data (generated, not real)",
  "steam-api": "Steam",
  "steamspy-api": "Steam via SteamSpy",
  "steamspy-csv": "Steam via SteamSpy (dataset)",
  "steam-store-csv": "Steam Store Games (Kaggle, CC BY 4.0)",
  "steamcharts-csv": "SteamCharts",
  "steamdb-csv": "SteamDB",
  "vgsales-csv": "VGChartz sales dataset",
  "twitch-sullygnome": "Twitch via SullyGnome",
  "esports-earnings": "Esports Earnings",
  igdb: "IGDB",
  kaggle: "Kaggle",
  github: "GitHub",
  epic: "Epic Games Store",
  gog: "GOG",
  newzoo: "Newzoo",
};

/** The source line of figures the estimates model computed per game (their sums included). */
export const ESTIMATES_SOURCE = "Estimates per game";

export function sourceName(id: string): string {
  return NAMES[id] ?? id;
}

/**
 * How a stored figure was derived from what its source published, where it is not the published
 * number itself (issue 9 §3: computed figures carry a `method`). Keyed by source id, then metric.
 */
const STEAMSPY_METHODS = {
  owners: "midpoint of SteamSpy's owners band (a band with no lower end, 0 .. 20,000, gives none)",
  price: "SteamSpy's US price in cents, in dollars",
  players_peak: "SteamSpy's `ccu`: the peak of concurrent players on the day before its report",
};
const METHODS: Record<string, Partial<Record<string, string>>> = {
  "steam-store-csv": {
    owners:
      "midpoint of the owners range the dataset gives (SteamSpy's band, e.g. 20,000–50,000; a range with no lower end, 0–20,000, gives none)",
    price: `the dataset's GBP price converted at ${GBP_TO_USD_2019} USD/GBP (May 2019 average), rounded to cents`,
  },
  "steamspy-csv": STEAMSPY_METHODS,
  "steamspy-api": STEAMSPY_METHODS,
  "vgsales-csv": {
    critic_score:
      "Metacritic's critic score (0–100) and number of critics, as the VGChartz dataset carries them",
  },
  igdb: { critic_score: "IGDB's aggregated critic rating (0–100) and number of critic reviews" },
};

/**
 * Sources whose prices are conversions from another currency, not listed US prices. Migration 0024's
 * price alert trigger names the same list: a converted and a listed price are not compared.
 */
export const CONVERTED_PRICE_SOURCES: ReadonlySet<string> = new Set(["steam-store-csv"]);

/** The method of a stored figure of `metric` from `source`, or undefined when it is as published. */
export function figureMethod(source: string, metric: string): string | undefined {
  return METHODS[source]?.[metric];
}
