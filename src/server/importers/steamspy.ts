import { joinCompanies, splitCompanies } from "../catalog/normalize.ts";
import { DAY_MS, startOfUtcDay } from "../catalog/stats.ts";
import { recordPrice } from "../estimates/features.ts";
import { parseOwnersBand } from "../estimates/owner-bands.ts";
import { RowCheck, readCsv } from "./csv-source.ts";
import { nameDateOrRefuse } from "./file-date.ts";
import { GameBatcher } from "./game-batch.ts";
import { steamApp } from "./steam-store.ts";
import { type ImportSummary, newSummary } from "./summary.ts";

/**
 * SteamSpy `appdetails` / `all` columns. Prices are in US cents; owners a range
 * (`"10,000,000 .. 20,000,000"`); `ccu` is yesterday's peak concurrent players; `tags` (optional) is a
 * Python-style dict string `{'Action': 5448, ...}` ordered by votes. `snapshot` dates the points
 * (`bun run import steamspy-csv FILE --as-of DATE`; without a date, the day of the import, as for the
 * live sync: the file itself says nothing of when it was taken, so an older export needs its date).
 * A date in the file's name (`…_2023-01-15.csv`) dates it as VGChartz's; `bun run import` refuses a
 * file whose name gives a year but no day (`…_2023_…`) without `--as-of` (review r18c, item 1).
 * `ccu` is kept for what it is: a peak (`players_peak`) of the day before the snapshot, not a count
 * of players at the snapshot. An empty `owners` means owners unknown, not a bad row; a band is kept
 * whole as a source figure for the estimates (issue 11). A price of 0 on a game with no
 * free-to-play genre or tag is a game no longer sold: its price is unknown (no price, no point).
 * `price` is the day's price, a sale's while on sale; `initialprice` (the list price) is kept beside
 * it for the estimates (units × list price) and the game page's discount.
 */
export const STEAMSPY_SOURCE = "steamspy-csv";

/** A tags field that names no tags on purpose: empty, `[]` or `{}`. */
const noTags = (value: string | undefined) => {
  const text = value?.trim() ?? "";
  return text === "" || text === "[]" || text === "{}";
};

/**
 * The columns of a SteamSpy export this importer reads: another file is refused before anything is
 * written (review r13 a, item 3: Kaggle's steam.csv, whose `price` is in GBP and whose owners are of
 * 2019, was read as this and rewrote 24,686 games).
 */
export const STEAMSPY_COLUMNS = [
  "appid",
  "name",
  "positive",
  "negative",
  "owners",
  "price",
  "initialprice",
  "ccu",
] as const;

export function parseTagDict(value: string | undefined): string[] {
  if (!value || noTags(value)) return [];
  const tags: Array<[string, number]> = [];
  for (const m of value.matchAll(/(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*:\s*(\d+)/g)) {
    tags.push([(m[1] ?? m[2] ?? "").trim(), Number(m[3])]);
  }
  return tags.sort((a, b) => b[1] - a[1]).map(([t]) => t);
}

export async function importSteamSpyCsv(
  path: string,
  asOf?: Date,
  options: { now?: Date } = {},
): Promise<ImportSummary> {
  const started = Date.now();
  const now = options.now ?? new Date();
  // Without `asOf`, a name giving another year and no day refuses the import (nameDateOrRefuse).
  const snapshot = asOf ?? nameDateOrRefuse("steamspy-csv", path, now) ?? startOfUtcDay(now);
  const summary = newSummary("steamspy-csv", path);
  const batch = new GameBatcher(STEAMSPY_SOURCE, summary);
  const dayBefore = new Date(startOfUtcDay(snapshot).getTime() - DAY_MS);
  for await (const { line, record: r } of readCsv(path, {
    summary,
    progressLabel: "steamspy",
    layout: { name: "a SteamSpy export", columns: STEAMSPY_COLUMNS },
  })) {
    summary.read++;
    const app = steamApp(r, line, summary);
    if (!app) continue;
    const { appid, name } = app;
    const check = new RowCheck(now);
    const positive = check.count(r, "positive");
    const negative = check.count(r, "negative");
    const ccu = check.count(r, "ccu");
    const owners = check.range(r, "owners");
    const band = parseOwnersBand(r.owners);
    const total = (positive ?? 0) + (negative ?? 0);
    const genres = (r.genre ?? "")
      .split(",")
      .map((g) => g.trim())
      .filter(Boolean);
    const tags = parseTagDict(r.tags);
    // A tags field that names no tag and is not empty ("{not a dict") is not SteamSpy's dict.
    if (tags.length === 0 && !noTags(r.tags)) check.refuse("tags", r.tags, "not a dict of tags and votes");
    // SteamSpy answers 0 for a paid game no longer sold (FIFA 22, GTA III): without a free-to-play
    // genre or tag that is an unknown price, not a free game (estimates/features.ts recordPrice).
    const cents = check.figure(r, "price");
    // `price` is the day's price (a sale's while on sale); `initialprice` the list price beside it.
    const listCents = check.figure(r, "initialprice");
    // Not stored, but a discount above 100% says the row's prices are not what they claim.
    check.percent(r, "discount");
    if (check.reject(summary, line)) continue;
    const price = recordPrice({ priceUsd: cents == null ? null : cents / 100, genres, tags });
    const listPrice = recordPrice({ priceUsd: listCents == null ? null : listCents / 100, genres, tags });
    const points = [
      ...(ccu != null
        ? [{ metric: "players_peak" as const, ts: dayBefore, value: ccu, period: "day" as const }]
        : []),
      ...(owners != null
        ? [{ metric: "owners" as const, ts: snapshot, value: owners, period: "instant" as const }]
        : []),
      ...(positive != null
        ? [{ metric: "reviews_positive" as const, ts: snapshot, value: positive, period: "instant" as const }]
        : []),
      ...(negative != null
        ? [{ metric: "reviews_negative" as const, ts: snapshot, value: negative, period: "instant" as const }]
        : []),
      ...(price != null
        ? [{ metric: "price" as const, ts: snapshot, value: price, period: "instant" as const }]
        : []),
    ];
    await batch.add({
      game: {
        name,
        steamAppId: appid,
        developer: joinCompanies(splitCompanies(r.developer)),
        publisher: joinCompanies(splitCompanies(r.publisher)),
        genres,
        tags,
        price,
        listPrice,
        ownersEstimate: owners,
        positiveReviews: positive,
        negativeReviews: negative,
        rating: total > 0 ? Math.round(((positive ?? 0) / total) * 1000) / 10 : null,
        ratingCount: total || null,
        asOf: snapshot,
      },
      points,
      ownersBand: band ? { ...band, asOf: snapshot } : undefined,
    });
  }
  await batch.flush();
  summary.ms = Date.now() - started;
  return summary;
}
