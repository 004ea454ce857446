import {
  type GameDetail,
  type GameSeries,
  type LatestFigure,
  METRIC_FILLED_BY,
  METRIC_UNITS,
  type PriceDiscount,
  type PublishedSales,
  SAME_GAME_YEARS,
  SAME_TITLE_SHOWN,
  type SameTitle,
  type SameTitleEntry,
  type SameTitleEstimate,
  SERIES_METRICS,
  type SeriesMetric,
  type SeriesQuery,
  type SimilarGame,
} from "../../contracts/game-page.ts";
import type { PriceConversionRate } from "../../contracts/price-conversion.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { readRows } from "../db/client.ts";
import { MODEL_VERSION, OF_CURRENT_MODEL } from "../estimates/coefficients.ts";
import { modelCoversSql } from "../estimates/model.ts";
import { byNumber, type CatalogIndex, catalogIndex, foldCase, topK } from "./catalog-index.ts";
import { creditSlugs, droppedLetters } from "./normalize.ts";
import { withShownFigures } from "./player-figures.ts";
import { platformCriticScoresOf, publishedSalesOf } from "./published-sales.ts";
import { releaseKey, releaseYearOf } from "./release.ts";
import { listOf, toGameSummary } from "./shapes.ts";
import {
  ESTIMATES_SOURCE,
  figureMethod,
  MONTH_DATED_SOURCES,
  priceConversionOf,
  sourceConversionOf,
  sourceName,
} from "./source-names.ts";
import { sameTimeSourceOrder } from "./source-preference.ts";
import { DAY_MS } from "./stats.ts";

/** One game's page (issue 10): the game with its latest figures, its series, and similar games. */

type Row = Record<string, unknown>;

/**
 * The catalog id behind `:id`: the id itself, the game of `steam-<appid>` (or `igdb-<id>`, which the
 * Games Database links with), or the game whose slug it is (every answer names a game's `slug`, and
 * `/games/hades` is the address people type). Null when unknown.
 */
export async function resolveGameId(id: string): Promise<string | null> {
  const source = /^(steam|igdb)-(\d{1,10})$/.exec(id);
  const column = source?.[1] === "igdb" ? "igdb_id" : "steam_app_id";
  // An id wins over a slug that happens to read the same (both are unique, each in its own column).
  const [row] = source
    ? await readRows(`SELECT id FROM games WHERE ${column} = ?`, [Number(source[2])])
    : await readRows(
        "SELECT id FROM (SELECT id, 0 AS o FROM games WHERE id = ?1 UNION ALL SELECT id, 1 FROM games WHERE slug = ?1) ORDER BY o LIMIT 1",
        [id],
      );
  return row ? String(row.id) : null;
}

export function steamStoreUrl(appid: number): string {
  return `https://store.steampowered.com/app/${appid}/`;
}

export async function getGameDetail(id: string): Promise<GameDetail | null> {
  const gameId = await resolveGameId(id);
  if (!gameId) return null;
  const [row] = await readRows("SELECT * FROM games WHERE id = ?", [gameId]);
  if (!row) return null;
  // The newest point of each metric: one seek each on the unique index (game, metric, ts, source),
  // where grouping read every point of the game (11,000 for five years of six daily series).
  const latest = await readRows(
    `WITH k(metric) AS (VALUES ${SERIES_METRICS.map((m) => `('${m}')`).join(", ")})
     SELECT m.metric, m.value, m.ts, m.period, m.source FROM k
     JOIN game_metrics m ON m.game_id = ?1 AND m.metric = k.metric
       AND m.ts = (SELECT max(ts) FROM game_metrics WHERE game_id = ?1 AND metric = k.metric)
     ORDER BY m.metric, ${sameTimeSourceOrder("m.source")}`,
    [gameId],
  );
  const figures: GameDetail["latest"] = {};
  for (const point of latest) {
    const metric = String(point.metric) as SeriesMetric;
    if (!SERIES_METRICS.includes(metric) || figures[metric]) continue;
    const method = figureMethod(String(point.source), metric);
    const conversion = metric === "price" ? priceConversionOf(point.value, point.source) : null;
    figures[metric] = {
      value: Number(point.value),
      period: String(point.period),
      source: sourceName(String(point.source)),
      asOf: new Date(Number(point.ts)).toISOString(),
      ...(method ? { method } : {}),
      ...(MONTH_DATED_SOURCES.has(String(point.source)) ? { asOfPrecision: "month" as const } : {}),
      ...(conversion ? { conversion } : {}),
    } satisfies LatestFigure;
  }
  const steamAppId = row.steam_app_id == null ? null : Number(row.steam_app_id);
  const websiteUrl = (row.website_url as string | null) ?? null;
  const developer = (row.developer as string | null) ?? null;
  const publisher = (row.publisher as string | null) ?? null;
  // Each company of a credit once (two spellings of one name share a page).
  const links = (credit: string | null) =>
    credit ? [...creditSlugs(credit)].map(([slug, name]) => ({ name, slug })) : [];
  const developers = links(developer);
  const publishers = links(publisher);
  // The same player figures, with their source and time, as every other endpoint (player-figures.ts):
  // `playerCount` and `playersFigure` by the lists' rule (report r25 #5: a peak-only game's detail
  // answered `playerCount: null` while every list answered its peak).
  // The same-title entries first only for the reads that need them (review r26b #5: the player
  // figures and the band waited behind them).
  const withOthers = sameTitleRows(row).then(async (others) => {
    const [sales, estimates] = await Promise.all([
      // This game's published sales and its other entries' in one read.
      publishedSalesOf([gameId, ...others.slice(0, SAME_TITLE_SHOWN).map((o) => String(o.id))]),
      unitsEstimatesOf(others.map((o) => String(o.id))),
    ]);
    return { others, sales, estimates };
  });
  const [[summary], { others, sales, estimates }, [band], platformCriticScores] = await Promise.all([
    withShownFigures([toGameSummary(row)]),
    withOthers,
    // The newest band (one per source), as the estimates read it (estimates/store.ts).
    readRows(
      "SELECT source, low, high, as_of FROM game_owner_bands WHERE game_id = ? ORDER BY as_of DESC, source LIMIT 1",
      [gameId],
    ),
    platformCriticScoresOf(gameId),
  ]);
  return {
    ...summary!,
    releaseYear: releaseYearOf(row.release_date, row.release_year),
    tags: listOf(row.tags),
    steamAppId,
    storeUrl: steamAppId != null ? steamStoreUrl(steamAppId) : websiteUrl,
    websiteUrl,
    developerSlug: developers[0]?.slug ?? null,
    publisherSlug: publishers[0]?.slug ?? null,
    developers,
    publishers,
    latest: figures,
    ownersBand: band
      ? {
          low: Number(band.low),
          high: Number(band.high),
          source: sourceName(String(band.source)),
          asOf: new Date(Number(band.as_of)).toISOString(),
        }
      : null,
    discount: discountOf(row),
    publishedSales: sales.get(gameId) ?? null,
    platformCriticScores,
    sameTitle: sameTitleOf(
      gameId,
      releaseYearOf(row.release_date, row.release_year),
      others,
      sales,
      estimates,
    ),
  };
}

/** How many rows of one name key a game page reads at most, before keeping SAME_TITLE_SHOWN of them. */
const SAME_TITLE_READ = 1000;

/**
 * The other games of a name key, through `games_name_year_idx` (normalized_name, release_year): one
 * seek, never a scan of the catalog.
 */
export const SAME_TITLE_SQL = `SELECT id, slug, name, platforms, release_date, release_year, steam_app_id, is_demo
  FROM games WHERE normalized_name = ?1 AND id <> ?2 LIMIT ${SAME_TITLE_READ}`;

/**
 * The catalog's other entries of a game's title (docs/decisions/031-same-title-entries.md): games
 * whose name has the same name-matching key as this one's, and the same letters that key drops
 * (`droppedLetters`, the rule of `sameTitleKey` the analyst uses too),
 * oldest release first (a year alone before that year's dates, undated last; then by id), at most
 * SAME_TITLE_SHOWN, with how many there are.
 */
async function sameTitleRows(row: Row): Promise<Row[]> {
  const key = String(row.normalized_name ?? "");
  if (!key) return [];
  const letters = droppedLetters(String(row.name));
  const rows = (await readRows(SAME_TITLE_SQL, [key, String(row.id)])).filter(
    (r) => droppedLetters(String(r.name)) === letters,
  );
  const order = (r: Row) => releaseKey(r.release_date as string | null, r.release_year as number | null);
  rows.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    if (x !== y) return x == null ? 1 : y == null ? -1 : x < y ? -1 : 1;
    return String(a.id) < String(b.id) ? -1 : 1;
  });
  return rows;
}

/**
 * The stored estimates of units sold of these games, for those the owners model covers (modelCovers),
 * read by id (OF_CURRENT_MODEL: through the id index).
 */
async function unitsEstimatesOf(gameIds: string[]): Promise<Map<string, SameTitleEstimate>> {
  const out = new Map<string, SameTitleEstimate>();
  const shown = gameIds.slice(0, SAME_TITLE_SHOWN);
  if (shown.length === 0) return out;
  const rows = await readRows(
    `SELECT e.game_id, e.units_low, e.units_mid, e.units_high, e.low_signal, e.as_of, e.model_version
       FROM game_estimates e JOIN games g ON g.id = e.game_id
      WHERE ${OF_CURRENT_MODEL} AND e.game_id IN (SELECT value FROM json_each(?)) AND ${modelCoversSql("e", "g")}`,
    [MODEL_VERSION, JSON.stringify(shown)],
  );
  for (const r of rows) {
    const lowSignal = Number(r.low_signal) === 1;
    const freeToPlay = Number(r.units_mid) === 0;
    out.set(String(r.game_id), {
      low: Number(r.units_low),
      mid: Number(r.units_mid),
      high: Number(r.units_high),
      lowSignal,
      freeToPlay,
      source: ESTIMATES_SOURCE,
      asOf: r.as_of == null ? null : new Date(Number(r.as_of)).toISOString(),
      method: `Units sold estimated from Steam signals (reviews, owners band, players): ${lowSignal ? "the P10–P90 range, too little is known for a single figure" : "P50, with the P10–P90 range"}; model ${String(r.model_version)}. An estimate, not a published figure`,
    });
  }
  return out;
}

const entriesText = (n: number) => `${n} other ${n === 1 ? "entry" : "entries"}`;
const SAME_TITLE_TOTAL_METHOD = (n: number, withThisGame: boolean) =>
  `Sum of the units the file publishes for ${n} catalog entries of this title (${withThisGame ? `this game and ${entriesText(n - 1)}` : entriesText(n)}), each entry's platforms summed; the entries are separate games in the catalog, so no row is counted twice. Not an estimate, and no estimate added`;

/**
 * The game's other entries with their figures, and the published units of the title added up where
 * every entry that has any has them from one file of one date (a sum of two files, or of a file and
 * an estimate, would be no figure of either) and was released within SAME_GAME_YEARS of the others (a
 * sum over a 2005 game and its 2012 reboot is the figure of neither). Null when the title has no other
 * entry.
 */
function sameTitleOf(
  gameId: string,
  releaseYear: number | null,
  others: Row[],
  sales: Map<string, PublishedSales>,
  estimates: Map<string, SameTitleEstimate>,
): SameTitle | null {
  if (others.length === 0) return null;
  const entries = others.slice(0, SAME_TITLE_SHOWN).map((r): SameTitleEntry => {
    const id = String(r.id);
    const published = sales.get(id);
    return {
      id,
      slug: String(r.slug),
      name: String(r.name),
      platforms: listOf(r.platforms),
      releaseDate: (r.release_date as string | null) ?? null,
      releaseYear: releaseYearOf(r.release_date, r.release_year),
      steamAppId: r.steam_app_id == null ? null : Number(r.steam_app_id),
      isDemo: Boolean(Number(r.is_demo)),
      publishedUnits: published ? { units: published.units, provenance: published.provenance } : null,
      unitsEstimate: estimates.get(id) ?? null,
    };
  });
  const { publishedTotal, noTotalReason } =
    others.length > entries.length
      ? { publishedTotal: null, noTotalReason: null }
      : publishedTotalOf(gameId, releaseYear, entries, sales);
  return { entries, total: others.length, publishedTotal, noTotalReason };
}

/** "2005, 2012 and 2013": the distinct years, oldest first. */
const yearsText = (years: number[]) => {
  const distinct = [...new Set(years)].sort((a, b) => a - b).map(String);
  return distinct.length > 1
    ? `${distinct.slice(0, -1).join(", ")} and ${distinct.at(-1)}`
    : distinct.join("");
};

/**
 * Why entries whose published units are of one file and date are not added up: released more than
 * SAME_GAME_YEARS apart, or one of them with no year, they may be different games of one name (NFS:
 * Most Wanted of 2005 and its 2012 reboot, review r26/b #3). Null when their years allow a sum.
 */
function yearsApartReason(years: Array<number | null>): string | null {
  const unknown = years.filter((y) => y == null).length;
  if (unknown > 0)
    return `No sum of published units: ${unknown === 1 ? "one of the entries that have some has" : `${unknown} of the entries that have some have`} no release year, so nothing shows they are one game on several platforms rather than different games of this name, and a sum could be the figure of no one game.`;
  const known = years as number[];
  if (Math.max(...known) - Math.min(...known) <= SAME_GAME_YEARS) return null;
  return `No sum of published units: the entries that have some were released in ${yearsText(known)}, more than ${SAME_GAME_YEARS} years apart, so they may be different games of this name (a remake or a reboot), and their sum would be the figure of no one game.`;
}

function publishedTotalOf(
  gameId: string,
  releaseYear: number | null,
  entries: SameTitleEntry[],
  sales: Map<string, PublishedSales>,
): Pick<SameTitle, "publishedTotal" | "noTotalReason"> {
  const none = { publishedTotal: null, noTotalReason: null };
  const own = sales.get(gameId);
  const summed = [
    ...(own ? [{ id: gameId, units: own.units, provenance: own.provenance, releaseYear }] : []),
    ...entries.flatMap((e) =>
      e.publishedUnits ? [{ id: e.id, ...e.publishedUnits, releaseYear: e.releaseYear }] : [],
    ),
  ];
  if (summed.length < 2) return none;
  const [first] = summed[0]!.provenance;
  const one = (p: Provenance[]) =>
    p.length === 1 && p[0]!.source === first!.source && p[0]!.asOf === first!.asOf;
  if (!summed.every((s) => one(s.provenance))) return none;
  const apart = yearsApartReason(summed.map((s) => s.releaseYear));
  if (apart) return { publishedTotal: null, noTotalReason: apart };
  const n = summed.length;
  const publishedTotal = {
    units: summed.reduce((sum, s) => sum + s.units, 0),
    gameIds: summed.map((s) => s.id),
    entriesWithout: entries.length + 1 - n,
    source: first!.source,
    asOf: first!.asOf,
    method: SAME_TITLE_TOTAL_METHOD(n, own != null),
  };
  return { publishedTotal, noTotalReason: null };
}

/** Where and when a game record's price comes from; null without a price or its source. */
function pricedBy(row: Record<string, unknown>): Provenance | null {
  if (row.price == null || row.price_source == null) return null;
  return {
    source: sourceName(String(row.price_source)),
    asOf: row.price_at == null ? null : new Date(Number(row.price_at)).toISOString(),
  };
}

/** The list price and discount while the game's current price is below the list price its record gave. */
export function discountOf(row: Record<string, unknown>): PriceDiscount | null {
  const price = row.price == null ? null : Number(row.price);
  const list = row.list_price == null ? null : Number(row.list_price);
  if (price == null || list == null || !(list > price)) return null;
  return {
    listPrice: list,
    percent: Math.round((1 - price / list) * 100),
    source: row.price_source == null ? "unknown source" : sourceName(String(row.price_source)),
    asOf: row.price_at == null ? null : new Date(Number(row.price_at)).toISOString(),
  };
}

/**
 * A game's series for one metric between `from` and `to` (inclusive), oldest first. Each UTC day
 * shows one source's figures of a day or finer — the one with the most points that day (the first by
 * name on a tie) — and one source's monthly figure beside them. A live
 * sync's counts every 15 minutes and another source's one daily figure (SteamSpy's peak of the day
 * before) would otherwise draw a spike at every midnight; two sources with a point at the same time
 * give one point, so a chart never draws it twice. Days before a live sync began keep their source.
 * Points of different periods (monthly and daily peaks) each carry theirs, and points of one period
 * from several sources (SteamDB's daily peaks, then SteamSpy's) each carry their source: different
 * measures, drawn as different lines, as Historical Data lists them apart (review 7, item 6).
 */
export async function getGameSeries(id: string, q: SeriesQuery): Promise<GameSeries | null> {
  const gameId = await resolveGameId(id);
  if (!gameId) return null;
  const from = q.from ? Date.parse(q.from) : Number.MIN_SAFE_INTEGER;
  const to = q.to ? endOf(q.to) : Number.MAX_SAFE_INTEGER;
  const rows = await readRows(
    `SELECT ts, value, period, source FROM game_metrics
     WHERE game_id = ? AND metric = ? AND ts >= ? AND ts <= ? ORDER BY ts, source`,
    [gameId, q.metric, from, to],
  );
  const dayOf = (ts: number) => Math.floor(ts / DAY_MS);
  // One source per day for the month's figures and one for the finer ones: a month's figure
  // (SteamCharts' peak, dated the 1st) and a day's (SteamDB's peak that day) are different measures,
  // drawn as different lines (each point then says its period), so neither hides the other. Among
  // a day's and a live sync's figures the day keeps one source, as above.
  const slot = (r: Record<string, unknown>) =>
    `${r.period === "month" ? "month" : "finer"}|${dayOf(Number(r.ts))}`;
  const perDay = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const key = slot(r);
    const counts = perDay.get(key) ?? new Map<string, number>();
    counts.set(String(r.source), (counts.get(String(r.source)) ?? 0) + 1);
    perDay.set(key, counts);
  }
  const shown = new Map<string, string>();
  for (const [key, counts] of perDay) {
    let best = "";
    for (const [source, n] of counts) {
      const top = counts.get(best) ?? 0;
      if (n > top || (n === top && source < best)) best = source;
    }
    shown.set(key, best);
  }
  // An owners point that is the midpoint of the band its source published at that time carries the
  // band, so its export can say so (review r22/a, item 4); a band is kept per source, the newest only.
  const bands = new Map<string, { low: number; high: number }>();
  if (q.metric === "owners")
    for (const b of await readRows(
      "SELECT source, low, high, as_of FROM game_owner_bands WHERE game_id = ?",
      [gameId],
    ))
      bands.set(`${b.source}|${Number(b.as_of)}`, { low: Number(b.low), high: Number(b.high) });
  const points: GameSeries["points"] = [];
  const pointPeriods: string[] = [];
  const pointSources: string[] = [];
  const sources = new Set<string>();
  const methods = new Map<string, string>();
  const monthDated = new Set<string>();
  const conversions = new Map<string, PriceConversionRate>();
  const periods = new Map<string, number>();
  for (const r of rows) {
    const ts = Number(r.ts);
    if (shown.get(slot(r)) !== String(r.source)) continue;
    const band = bands.get(`${r.source}|${ts}`);
    points.push({
      t: new Date(ts).toISOString(),
      value: Number(r.value),
      ...(band && (band.low + band.high) / 2 === Number(r.value) ? { band } : {}),
    });
    pointPeriods.push(String(r.period));
    pointSources.push(sourceName(String(r.source)));
    sources.add(sourceName(String(r.source)));
    if (MONTH_DATED_SOURCES.has(String(r.source))) monthDated.add(sourceName(String(r.source)));
    const method = figureMethod(String(r.source), q.metric);
    if (method) methods.set(sourceName(String(r.source)), method);
    const conversion = q.metric === "price" ? sourceConversionOf(String(r.source)) : null;
    if (conversion) conversions.set(String(r.source), conversion);
    periods.set(String(r.period), (periods.get(String(r.period)) ?? 0) + 1);
  }
  // Points of several periods (SteamCharts' monthly peaks and SteamSpy's day peak) are no one
  // period's series: `mixed`, with the periods listed, and each point saying its own (review r18a,
  // item 8: `month` stood over a final daily point from another source).
  const period = periods.size > 1 ? "mixed" : ([...periods.keys()][0] ?? null);
  // Each point says its period only where they differ (a month's peak beside a day's): the one
  // `period` of the series says it for all of them otherwise.
  if (periods.size > 1) for (const [i, p] of points.entries()) p.period = pointPeriods[i];
  const periodCounts = periods.size > 1 ? Object.fromEntries(periods) : undefined;
  // Likewise each point says its source when the series has several: the series' `source` then
  // lists them all and would not tell which gave a point (SteamCharts' monthly peaks beside SteamDB's
  // daily ones).
  if (sources.size > 1) for (const [i, p] of points.entries()) p.source = pointSources[i];
  return {
    metric: q.metric,
    unit: METRIC_UNITS[q.metric],
    period,
    ...(periodCounts ? { periods: periodCounts } : {}),
    source: sources.size ? [...sources].join("; ") : null,
    asOf: points.at(-1)?.t ?? null,
    ...(methods.size
      ? {
          method: [...methods].map(([source, method]) => `${source}: ${method}`).join("; "),
          methods: [...methods].map(([source, method]) => ({ source, method })),
        }
      : {}),
    ...(monthDated.size ? { monthDated: [...monthDated] } : {}),
    ...(conversions.size ? { conversions: [...conversions.values()] } : {}),
    points,
    ...(points.length === 0 ? await whyEmpty(gameId, q) : {}),
  };
}

/**
 * Why a series has no points between `from` and `to`: the series has points outside them (say where),
 * or none at all (say which source would fill it).
 */
async function whyEmpty(gameId: string, q: SeriesQuery): Promise<Pick<GameSeries, "filledBy" | "outside">> {
  const [extent] = await readRows(
    "SELECT min(ts) AS first, max(ts) AS last FROM game_metrics WHERE game_id = ? AND metric = ?",
    [gameId, q.metric],
  );
  if (extent?.first == null || extent.last == null) return { filledBy: METRIC_FILLED_BY[q.metric] };
  const first = new Date(Number(extent.first)).toISOString();
  const last = new Date(Number(extent.last)).toISOString();
  // A point at midnight UTC reads as its day.
  const shown = (t: string) => (t.endsWith("T00:00:00.000Z") ? t.slice(0, 10) : t);
  const asked =
    q.from && q.to
      ? `between ${q.from} and ${q.to}`
      : q.from
        ? `from ${q.from}`
        : q.to
          ? `up to ${q.to}`
          : "in this range";
  return {
    outside: {
      first,
      last,
      note: `No points ${asked}; the series has points from ${shown(first)} to ${shown(last)}.`,
    },
  };
}

/** A bare date `to` covers its whole day. */
function endOf(to: string): number {
  const t = Date.parse(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? t + 86_400_000 - 1 : t;
}

const SIMILAR = 12;

/**
 * Games sharing genres (weight 2 each) and tags (weight 1 each, the game's first 10 that are not also
 * its genres) with this one, best first, popularity then id breaking ties. Scored over the whole
 * catalog on the in-memory index's genre and tag sets (catalog-index.ts): a few milliseconds at
 * 330,000 games, where scoring candidates' JSON lists in SQL took most of a second.
 */
export async function getSimilarGames(id: string): Promise<SimilarGame[] | null> {
  const gameId = await resolveGameId(id);
  if (!gameId) return null;
  const snapshot = await catalogIndex();
  // Answers depend on the catalog alone (genres, tags, popularity, the rows shown): kept until it changes.
  if (similarCache.generation !== snapshot.generation) {
    similarCache.generation = snapshot.generation;
    similarCache.answers.clear();
  }
  const kept = similarCache.answers.get(gameId);
  if (kept) return kept;
  const answer = await computeSimilar(gameId);
  if (answer && similarCache.generation === snapshot.generation) {
    if (similarCache.answers.size >= SIMILAR_KEPT)
      similarCache.answers.delete(similarCache.answers.keys().next().value!);
    similarCache.answers.set(gameId, answer);
  }
  return answer;
}

/** Similar games of the most recently asked games, for the index generation they were computed at. */
const SIMILAR_KEPT = 2000;
const similarCache = { generation: -1, answers: new Map<string, SimilarGame[]>() };

async function computeSimilar(gameId: string): Promise<SimilarGame[] | null> {
  const [[row], { index }] = await Promise.all([
    readRows("SELECT genres, tags FROM games WHERE id = ?", [gameId]),
    catalogIndex(),
  ]);
  if (!row) return null;
  const genres = listOf(row.genres);
  const tags = listOf(row.tags).slice(0, 10);
  if (genres.length === 0 && tags.length === 0) return [];

  const genreKeys = new Set(genres.map(foldCase));
  const tagKeys = new Set(tags.map(foldCase).filter((t) => !genreKeys.has(t)));
  const scores = scoreSlots(index, [
    ...[...genreKeys].map((k) => ({ bits: index.lists.genres.get(k)?.bits, weight: 2 as const })),
    ...[...tagKeys].map((k) => ({ bits: index.lists.tags.get(k)?.bits, weight: 1 as const })),
  ]);
  scores.delete(index.slot(gameId) ?? -1);
  const popularity = byNumber(index, index.col.popularity, "desc");
  const top = topK(
    [...scores.keys()],
    SIMILAR,
    (a, b) => scores.get(b)! - scores.get(a)! || popularity(a, b),
  );
  const score = (s: number) => scores.get(s)!;
  if (top.length === 0) return [];
  const ids = top.map((s) => index.ids[s]!);
  const full = await readRows("SELECT * FROM games WHERE id IN (SELECT value FROM json_each(?))", [
    JSON.stringify(ids),
  ]);
  const byId = new Map(full.map((r) => [String(r.id), r as Row]));
  const genreSet = new Set(genres);
  const tagSet = new Set(tags);
  return top.flatMap((s) => {
    const game = byId.get(index.ids[s]!);
    if (!game) return [];
    const sharedGenres = listOf(game.genres).filter((g) => genreSet.has(g));
    const sharedTags = listOf(game.tags).filter((g) => tagSet.has(g) && !genreSet.has(g));
    return [
      {
        ...toGameSummary(game),
        score: score(s),
        shared: [...sharedGenres, ...sharedTags],
        priceProvenance: pricedBy(game),
      },
    ];
  });
}

/**
 * Each live game's weighted count of the given sets it is in, for the games with the highest counts:
 * at least SIMILAR + 1 of them (all those tied at the lowest count kept), as slot → count. The counts
 * are kept bit-sliced — bit p of every slot's count in one bit set — so adding a set of 100,000 games
 * is a few operations per 32 games, not one per game.
 */
function scoreSlots(
  index: CatalogIndex,
  sets: Array<{ bits: Uint32Array | undefined; weight: 1 | 2 }>,
): Map<number, number> {
  const alive = index.alive;
  const words = alive.length;
  const most = sets.reduce((n, s) => n + (s.bits ? s.weight : 0), 0);
  const out = new Map<number, number>();
  if (most === 0) return out;
  const depth = 32 - Math.clz32(most);
  const planes = Array.from({ length: depth }, () => new Uint32Array(words));
  for (const { bits, weight } of sets) {
    if (!bits) continue;
    const from = weight === 2 ? 1 : 0;
    for (let w = 0; w < words; w++) {
      let carry = bits[w]! & alive[w]!;
      for (let p = from; carry !== 0 && p < depth; p++) {
        const plane = planes[p]!;
        const next = plane[w]! & carry;
        plane[w] = plane[w]! ^ carry;
        carry = next;
      }
    }
  }
  // The slots counting at least `t`, one word at a time (a bit-sliced comparison, high bit first).
  const atLeast = (t: number, w: number) => {
    let greater = 0;
    let equal = ~0;
    for (let p = depth - 1; p >= 0; p--) {
      const a = planes[p]![w]!;
      if ((t >>> p) & 1) equal &= a;
      else {
        greater |= equal & a;
        equal &= ~a;
      }
    }
    return (greater | equal) >>> 0;
  };
  // The highest count that SIMILAR + 1 games reach (the game itself may be among them).
  let threshold = most;
  for (; threshold > 1; threshold--) {
    let n = 0;
    for (let w = 0; w < words && n <= SIMILAR; w++) n += popcount(atLeast(threshold, w));
    if (n > SIMILAR) break;
  }
  for (let w = 0; w < words; w++) {
    let word = atLeast(threshold, w);
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const bit = 31 - Math.clz32(low);
      let count = 0;
      for (let p = 0; p < depth; p++) count |= ((planes[p]![w]! >>> bit) & 1) << p;
      out.set((w << 5) + bit, count);
    }
  }
  return out;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
