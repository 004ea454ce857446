import { VGCHARTZ_SOURCE } from "../../contracts/data-sources.ts";
import type { PriceConversion, PriceConversionRate } from "../../contracts/price-conversion.ts";
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
  "vgsales-csv": VGCHARTZ_SOURCE,
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
 * Sources whose files date their figures by month only (the Steam Store Games snapshot: May 2019,
 * stored at the month's 1st as an instant): their figures are shown as a month ("May 2019"), never
 * as the day they are stored on. Monthly series (SteamCharts) say so in their own `period`.
 */
export const MONTH_DATED_SOURCES: ReadonlySet<string> = new Set(["steam-store-csv"]);

/** The currency and rate of each source whose prices the catalog stores converted to USD. */
const PRICE_CONVERSIONS: Record<string, Pick<PriceConversion, "currency" | "rate" | "rateAsOf">> = {
  "steam-store-csv": { currency: "GBP", rate: GBP_TO_USD_2019, rateAsOf: "May 2019" },
};

/**
 * Sources whose prices are conversions from another currency, not listed US prices. Migration 0024's
 * price alert trigger names the same list: a converted and a listed price are not compared.
 */
export const CONVERTED_PRICE_SOURCES: ReadonlySet<string> = new Set(Object.keys(PRICE_CONVERSIONS));

/**
 * How a stored USD price of `source` was converted, with the source's own price (the stored cents
 * divided back by the rate: a two-decimal price converted and rounded to cents comes back exactly);
 * null when the source gives USD prices or there is no price.
 */
export function priceConversionOf(price: unknown, source: unknown): PriceConversion | null {
  if (price == null || source == null) return null;
  const conversion = sourceConversionOf(String(source));
  const usd = Number(price);
  if (!conversion || !Number.isFinite(usd) || usd === 0) return null;
  return { original: Math.round((usd / conversion.rate) * 100) / 100, ...conversion };
}

/** How the prices of `source` are converted to USD; null when the source gives USD prices. */
export function sourceConversionOf(source: string): PriceConversionRate | null {
  const conversion = PRICE_CONVERSIONS[source];
  return conversion ? { ...conversion, source: sourceName(source) } : null;
}

/** The method of a stored figure of `metric` from `source`, or undefined when it is as published. */
export function figureMethod(source: string, metric: string): string | undefined {
  return METHODS[source]?.[metric];
}
