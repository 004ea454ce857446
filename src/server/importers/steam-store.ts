import { joinCompanies } from "../catalog/normalize.ts";
import { recordPrice } from "../estimates/features.ts";
import { parseOwnersBand } from "../estimates/owner-bands.ts";
import { plainName } from "../sources/plain-text.ts";
import { parseList, parseNumber, RowCheck, rangeEnds, readCsv } from "./csv-source.ts";
import { GameBatcher, type GameRow } from "./game-batch.ts";
import { type ImportSummary, newSummary, skip } from "./summary.ts";

/**
 * Kaggle "Steam Store Games" steam.csv (gathered May 2019 from the Steam store and SteamSpy).
 * Prices are in GBP: stored in USD at 1.27 USD/GBP (the May 2019 average), rounded to cents.
 * Owners come as a range (`20000-50000`): stored as its midpoint, and kept whole as a band. A range
 * with no lower end (`0-20000`, most of the file) gives no owners figure: it says only "below 20,000".
 */
export const STEAM_STORE_SOURCE = "steam-store-csv";
export const STEAM_STORE_SNAPSHOT = new Date(Date.UTC(2019, 4, 1));
export const GBP_TO_USD_2019 = 1.27;

const PLATFORM_NAMES: Record<string, string> = { windows: "PC", mac: "Mac", linux: "Linux" };

/**
 * An owners range's midpoint (the live SteamSpy adapter's); null for a negative or inverted range, as
 * `RowCheck.range` refuses them, and for a range with no lower end ("0 .. 20,000"): it says only that
 * owners stay below its top, so its middle would be a figure the source never gave.
 */
export function ownersMidpoint(range: string | undefined): number | null {
  const ends = rangeEnds(range);
  if (!ends) return parseNumber(range);
  const { low, high } = ends;
  return low <= 0 || low > high ? null : Math.round((low + high) / 2);
}

/**
 * A Steam row's appid and name, or the row reported as skipped (both importers of Steam data use it).
 * An appid is a whole number above 0 (Steam has no app -5: review r13 a, item 4).
 */
export function steamApp(
  r: Record<string, string>,
  line: number,
  summary: ImportSummary,
): { appid: number; name: string } | null {
  const appid = parseNumber(r.appid);
  // As the live adapters store names: entities decoded (a SteamSpy export leaves "&amp;" in).
  const name = plainName(r.name);
  if (!appid || !Number.isInteger(appid) || appid < 0 || !name) {
    skip(summary, line, !name ? "missing name" : `invalid appid "${r.appid ?? ""}"`);
    return null;
  }
  return { appid, name };
}

/** The columns of Kaggle's steam.csv this importer reads: another file is refused (review r13 a, item 3). */
export const STEAM_STORE_COLUMNS = [
  "appid",
  "name",
  "release_date",
  "positive_ratings",
  "negative_ratings",
  "owners",
  "price",
] as const;

export async function importSteamStoreCsv(
  path: string,
  options: { progressLabel?: string; now?: Date } = {},
): Promise<ImportSummary> {
  const started = Date.now();
  // The import's clock: a release date after today is the row's problem (a dataset lists released games).
  const now = options.now ?? new Date();
  const summary = newSummary("steam-store-csv", path);
  // Each row's game carries the same figures as its points: new games need no refresh from the series.
  const batch = new GameBatcher(STEAM_STORE_SOURCE, summary, 1000, true);
  for await (const { line, record: r } of readCsv(path, {
    summary,
    progressLabel: options.progressLabel ?? "steam.csv",
    layout: { name: "a Steam Store Games file (Kaggle steam.csv)", columns: STEAM_STORE_COLUMNS },
  })) {
    summary.read++;
    const app = steamApp(r, line, summary);
    if (!app) continue;
    const { appid, name } = app;
    // Impossible figures and dates skip the row (RowCheck), as a missing count does.
    const check = new RowCheck(now);
    const positive = check.count(r, "positive_ratings");
    const negative = check.count(r, "negative_ratings");
    const priceGbp = check.figure(r, "price");
    const owners = check.range(r, "owners");
    const band = parseOwnersBand(r.owners);
    const releaseDate = check.date(r, "release_date");
    if (check.reject(summary, line)) continue;
    if (positive == null || negative == null) {
      skip(summary, line, "positive_ratings/negative_ratings are not numbers");
      continue;
    }
    const total = positive + negative;
    const genres = parseList(r.genres);
    const tags = parseList(r.steamspy_tags);
    // 0 without a free-to-play genre or tag is a game sold only in a bundle or no longer sold
    // (Half-Life: Source): an unknown price, not a free game (estimates/features.ts recordPrice).
    const price = recordPrice({
      priceUsd: priceGbp == null ? null : Math.round(priceGbp * GBP_TO_USD_2019 * 100) / 100,
      genres,
      tags,
    });
    const points: NonNullable<GameRow["points"]> = [
      { metric: "reviews_positive", ts: STEAM_STORE_SNAPSHOT, value: positive, period: "instant" },
      { metric: "reviews_negative", ts: STEAM_STORE_SNAPSHOT, value: negative, period: "instant" },
    ];
    if (owners != null)
      points.push({ metric: "owners", ts: STEAM_STORE_SNAPSHOT, value: owners, period: "instant" });
    if (price != null)
      points.push({ metric: "price", ts: STEAM_STORE_SNAPSHOT, value: price, period: "instant" });
    await batch.add({
      game: {
        name,
        steamAppId: appid,
        developer: joinCompanies(parseList(r.developer)),
        publisher: joinCompanies(parseList(r.publisher)),
        releaseDate,
        platforms: parseList(r.platforms).map((p) => PLATFORM_NAMES[p] ?? p),
        genres,
        tags,
        price,
        positiveReviews: positive,
        negativeReviews: negative,
        rating: total > 0 ? Math.round((positive / total) * 1000) / 10 : null,
        ratingCount: total,
        ownersEstimate: owners,
        asOf: STEAM_STORE_SNAPSHOT,
      },
      points,
      ownersBand: band ? { low: band.low, high: band.high, asOf: STEAM_STORE_SNAPSHOT } : undefined,
    });
  }
  await batch.flush();
  summary.ms = Date.now() - started;
  return summary;
}
