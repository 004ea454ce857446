import { desc } from "drizzle-orm";
import type {
  EsportsSummary,
  HistoricalGame,
  MarketHistory,
  PlayerMeasure,
  PlayerSeriesInfo,
} from "../../contracts/sources.ts";
import { keptUntilChange } from "../catalog/kept-answers.ts";
import { provenanceOf } from "../catalog/provenance.ts";
import { listOf } from "../catalog/shapes.ts";
import { figureMethod, MONTH_DATED_SOURCES } from "../catalog/source-names.ts";
import { DAY_MS } from "../catalog/stats.ts";
import { db, rawClient } from "../db/client.ts";
import { kaggleDatasets } from "../db/schema/index.ts";
import { marketYearNotes } from "../db/seed/market.ts";

/**
 * What the Historical analytics screen shows (spec §2, §3), all from stored data: Kaggle's dataset
 * list, per-game player and review-sentiment series, the Newzoo yearly market table, and esports
 * prize money with Twitch viewing.
 */
export async function listKaggleDatasets() {
  const rows = await db().select().from(kaggleDatasets).orderBy(desc(kaggleDatasets.downloadCount));
  return rows.map(({ fetchedAt: _f, ...d }) => d);
}

/**
 * The games with the longest player series, each with one player series by day or month (one source,
 * one measure), the newest figure of its other player series, and its review history. Kept until the
 * data changes (kept-answers.ts).
 */
export const historicalGames: () => Promise<HistoricalGame[]> = keptUntilChange(computeHistoricalGames, {
  catalogOnly: true,
});

const HISTORICAL_GAMES = 12;

/** One source's series of one metric for a game. */
interface PlayerSeries {
  source: string;
  metric: string;
  measure: PlayerMeasure;
  /** Its newest point's time (ms). */
  last: number;
  /** Day start (ms) → the day's value: the point itself for daily and monthly sources. */
  points: Array<[number, number]>;
}

interface Series {
  players: Map<string, PlayerSeries>;
  positive: Map<number, number>;
  negative: Map<number, number>;
  reviewSources: Set<string>;
  reviewNewest: number;
  /** Each review source's newest point (ms). */
  reviewNewestBySource: Map<string, number>;
  /** Per review time: whether every source of that point dates it by month only. */
  reviewMonthly: Map<number, boolean>;
}

/** A month's or a day's average, or its peak: from the metric and the period of the points. */
function playerMeasure(metric: string, period: string | null): PlayerMeasure {
  const monthly = period === "month";
  if (metric === "players_peak") return monthly ? "monthly peak" : "daily peak";
  return monthly ? "monthly average" : "daily average";
}

/**
 * The series `playerTrends` shows: one with points to compare (two or more) before a single figure;
 * then the newest; then an average before a peak (the count a screen calls players); then the longest.
 */
function mainPlayerSeries<T extends Omit<PlayerSeries, "measure">>(list: T[]): T | undefined {
  const rank = (s: T) => [
    s.points.length >= 2 ? 1 : 0,
    s.last,
    s.metric === "players" ? 1 : 0,
    s.points.length,
  ];
  return [...list].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return rb[i]! - ra[i]!;
    return a.source < b.source ? -1 : a.source > b.source ? 1 : 0;
  })[0];
}

/** Two decimals at most: an average keeps its source's precision without the division's noise. */
const figure = (v: number) => Math.round(v * 100) / 100;

async function computeHistoricalGames(): Promise<HistoricalGame[]> {
  const client = rawClient();
  const games = await client.execute({
    // Points counted from the series by day (player_days), not point by point.
    sql: `SELECT g.id, g.name, g.platforms, g.is_demo, sum(d.points) AS n FROM player_days d JOIN games g ON g.id = d.game_id
          WHERE d.metric IN ('players', 'players_peak') GROUP BY g.id ORDER BY g.popularity DESC, n DESC LIMIT ?`,
    args: [HISTORICAL_GAMES],
  });
  const ids = JSON.stringify(games.rows.map((g) => String(g.id)));
  // Players by day (player_days), per source and metric: a live series every 15 minutes would
  // otherwise answer every point it ever stored. The day's average (of counts, or of peaks); for daily
  // and monthly sources (one point at midnight) that is each point as stored. Each series' period is
  // its newest point's, looked up on the unique index. All three reads for all the games.
  const [days, periods, reviews] = await Promise.all([
    client.execute({
      sql: `SELECT game_id, metric, source, day, total / points AS value
            FROM player_days WHERE game_id IN (SELECT value FROM json_each(?)) AND metric IN ('players', 'players_peak')
            ORDER BY game_id, metric, source, day`,
      args: [ids],
    }),
    client.execute({
      sql: `WITH s AS (
              SELECT game_id, metric, source, max(last_ts) AS last FROM player_days
              WHERE game_id IN (SELECT value FROM json_each(?)) AND metric IN ('players', 'players_peak')
              GROUP BY game_id, metric, source)
            SELECT s.game_id, s.metric, s.source, s.last,
                   (SELECT m.period FROM game_metrics m WHERE m.game_id = s.game_id AND m.metric = s.metric
                      AND m.ts = s.last AND m.source = s.source) AS period
            FROM s`,
      args: [ids],
    }),
    client.execute({
      sql: `SELECT game_id, metric, ts, value, source, period FROM game_metrics
            WHERE game_id IN (SELECT value FROM json_each(?)) AND metric IN ('reviews_positive', 'reviews_negative')
            ORDER BY game_id, ts`,
      args: [ids],
    }),
  ]);
  const byGame = new Map<string, Series>();
  const seriesOf = (id: unknown): Series => {
    let series = byGame.get(String(id));
    if (!series) {
      series = {
        players: new Map(),
        positive: new Map(),
        negative: new Map(),
        reviewSources: new Set(),
        reviewNewest: 0,
        reviewNewestBySource: new Map(),
        reviewMonthly: new Map(),
      };
      byGame.set(String(id), series);
    }
    return series;
  };
  const key = (metric: unknown, source: unknown) => `${String(metric)}|${String(source)}`;
  for (const row of periods.rows) {
    seriesOf(row.game_id).players.set(key(row.metric, row.source), {
      source: String(row.source),
      metric: String(row.metric),
      measure: playerMeasure(String(row.metric), row.period == null ? null : String(row.period)),
      last: Number(row.last),
      points: [],
    });
  }
  for (const row of days.rows) {
    const player = seriesOf(row.game_id).players.get(key(row.metric, row.source));
    player?.points.push([Number(row.day) * DAY_MS, Number(row.value)]);
  }
  for (const row of reviews.rows) {
    const series = seriesOf(row.game_id);
    const ts = Number(row.ts);
    series.reviewSources.add(String(row.source));
    series.reviewNewest = Math.max(series.reviewNewest, ts);
    series.reviewNewestBySource.set(
      String(row.source),
      Math.max(series.reviewNewestBySource.get(String(row.source)) ?? 0, ts),
    );
    (row.metric === "reviews_positive" ? series.positive : series.negative).set(ts, Number(row.value));
    // A point is a month's when every source of it dates by month only (review 20 C, item 10).
    const monthly = row.period === "month" || MONTH_DATED_SOURCES.has(String(row.source));
    series.reviewMonthly.set(ts, (series.reviewMonthly.get(ts) ?? true) && monthly);
  }
  const info = (s: PlayerSeries): PlayerSeriesInfo => ({
    measure: s.measure,
    provenance: provenanceOf(s.source, s.last, figureMethod(s.source, s.metric)),
  });
  return games.rows.map((g) => {
    const { players, positive, negative, reviewSources, reviewNewest, reviewNewestBySource, reviewMonthly } =
      seriesOf(g.id);
    const reviewTrends = [...positive.entries()]
      .filter(([ts]) => negative.has(ts))
      .map(([ts, pos]) => {
        const share = pos / Math.max(1, pos + negative.get(ts)!);
        return {
          date: new Date(ts).toISOString(),
          sentiment: Math.round(share * 1000) / 1000,
          averageRating: Math.round(share * 50) / 10,
          ...(reviewMonthly.get(ts) ? { period: "month" as const } : {}),
        };
      });
    const all = [...players.values()];
    const main = mainPlayerSeries(all);
    const others = all
      .filter((s) => s !== main && s.points.length > 0)
      .sort((a, b) => b.last - a.last || (a.source < b.source ? -1 : 1));
    const newest = Math.max(reviewNewest, ...all.map((s) => s.last));
    return {
      gameId: String(g.id),
      gameName: String(g.name),
      platform: listOf(g.platforms)[0] ?? null,
      playerTrends: (main?.points ?? []).map(([ts, v]) => ({
        date: new Date(ts).toISOString(),
        playerCount: figure(v),
      })),
      players: main ? info(main) : null,
      otherPlayerFigures: others.map((s) => {
        const [ts, v] = s.points.at(-1)!;
        return { ...info(s), date: new Date(ts).toISOString(), playerCount: figure(v) };
      }),
      reviewTrends,
      reviewProvenance: reviewSources.size ? provenanceOf([...reviewSources], reviewNewest) : null,
      // Each review source by its own newest point: a list of sources names each once, with its time.
      reviewSources: [...reviewNewestBySource.entries()]
        .sort(([a, ta], [b, tb]) => ta - tb || (a < b ? -1 : 1))
        .map(([source, ts]) => provenanceOf(source, ts)),
      isDemo: Boolean(g.is_demo),
      provenance: provenanceOf(
        [...all.map((s) => s.source), ...reviewSources],
        Number.isFinite(newest) && newest > 0 ? newest : null,
      ),
    };
  });
}

export async function marketHistory(): Promise<MarketHistory> {
  const rs = await rawClient().execute("SELECT * FROM market_years ORDER BY year");
  const currentYear = new Date().getUTCFullYear();
  const rows = rs.rows.map((r) => ({
    year: Number(r.year),
    total: Number(r.total_revenue_bn),
    growth: r.growth_pct == null ? null : Number(r.growth_pct),
    segments: JSON.parse(String(r.segments ?? "{}")) as Record<string, number>,
    regions: JSON.parse(String(r.regions ?? "{}")) as Record<string, number>,
    source: String(r.source ?? ""),
  }));
  const withSegments = [...rows].reverse().find((r) => Object.keys(r.segments).length >= 3);
  const withRegions = [...rows].reverse().find((r) => Object.keys(r.regions).length >= 3);
  const platformDistribution: Record<string, number> = {};
  if (withSegments) {
    const sum = Object.values(withSegments.segments).reduce((s, v) => s + v, 0);
    for (const [k, v] of Object.entries(withSegments.segments))
      platformDistribution[k] = Math.round((v / sum) * 1000) / 10;
  }
  const regionalMarkets: MarketHistory["regionalMarkets"] = [];
  const notes = await marketYearNotes();
  if (withRegions) {
    // One rule for every region (review r20c, item 6): growth is on the year before only, each year's
    // figure from its own edition (the seed holds no regional growth an edition states). A region the
    // year before lacks (Latin America and MEA: the 2024 edition gave them only combined) has no
    // growth, not a yearly rate over a longer span shown beside the others as if it were one year's.
    // A year before whose figures Newzoo restated since (2024: the Q1 2025 methodology change) is not
    // on the same basis as this year's edition: no growth against it, but why (review r27-a, item 2).
    const before = rows.find((r) => r.year === withRegions.year - 1);
    const restated = before ? (notes.get(before.year)?.revisedLater ?? null) : null;
    for (const [region, value] of Object.entries(withRegions.regions)) {
      const base = before?.regions[region];
      const edition = before ? editionName(notes.get(before.year)?.edition) : null;
      const comparable = base != null && before != null && restated == null;
      regionalMarkets.push({
        region,
        revenue: value,
        share: Math.round((value / withRegions.total) * 1000) / 10,
        growth: comparable ? Math.round((value / base - 1) * 1000) / 10 : null,
        growthBase: comparable ? { year: before.year, revenue: base, edition } : null,
        notComparable:
          base != null && before != null && restated != null
            ? {
                year: before.year,
                revenue: base,
                edition,
                reason: restatementReason(restated),
                // The citation table's later figures are the world total's (review r28-a #4).
                worldTotalRestated: restated,
              }
            : null,
      });
    }
    regionalMarkets.sort((a, b) => b.share - a.share);
  }
  // The latest edition quoted dates the table ("Newzoo Global Games Market Report 2025 (Sep 2025)").
  const editionDates = rows
    .filter((r) => !/forecast/i.test(r.source))
    .map((r) => /\((?:[^()]*\s)?([A-Z][a-z]{2}) (\d{4})\)/.exec(notes.get(r.year)?.edition ?? ""))
    .filter((m): m is RegExpExecArray => m != null)
    .map((m) => Date.parse(`1 ${m[1]} ${m[2]} UTC`))
    .filter(Number.isFinite);
  const asOf = editionDates.length ? new Date(Math.max(...editionDates)).toISOString() : null;
  return {
    globalRevenue: rows.map((r) => ({
      year: r.year,
      revenue: r.total,
      growth: r.growth,
      // Each year's growth is the one its edition states, against that edition's own figure for the
      // year before (often revised since), not against the row above: name the edition it comes from.
      growthSource: r.growth == null ? null : editionName(notes.get(r.year)?.edition),
      forecast: r.year >= currentYear || /forecast/i.test(r.source),
      revisedLater: notes.get(r.year)?.revisedLater ?? null,
      earlierFigures: notes.get(r.year)?.earlier ?? null,
      confidence: notes.get(r.year)?.confidence ?? null,
      // The line joins editions (review r27-a, item 3): each year says whose figure it is and when.
      ...figureBasis(notes.get(r.year)?.edition, notes),
    })),
    provenance: provenanceOf(
      "newzoo",
      asOf,
      "yearly figures as published in each year's edition; later revisions noted per year",
    ),
    platformDistribution,
    platformYear: withSegments?.year ?? null,
    regionalMarkets,
    regionalYear: withRegions?.year ?? null,
    source: "Newzoo Global Games Market Reports (published figures, cited per year)",
  };
}

/**
 * The market table without its forecast years (review r29-a #4): forecasts are the Analytics screen's,
 * a Premium one; Historical Analytics and the Dashboard (regular screens) read the reported years only.
 * Nothing else in the answer is a forecast: the shares and regions are a reported year's.
 */
export function withoutForecasts(history: MarketHistory): MarketHistory {
  return { ...history, globalRevenue: history.globalRevenue.filter((y) => !y.forecast) };
}

/**
 * The edition a year's figure rests on, with its date, and how the figure was arrived at where no
 * edition gave it. The citation table's edition column holds, for 2012, an explanation ("No Newzoo
 * 2012 edition figure found; value back-calculated from GGMR 2013 (70.4 = +6% YoY)"): that was the
 * CSV's source, undated (review r28-a #9). Such a figure's source is the edition named as its basis
 * (the 2013 edition, June 2013), and the explanation is its note.
 */
export function figureBasis(
  edition: string | null | undefined,
  notes: ReadonlyMap<number, { edition: string }>,
): { edition: string | null; asOf: string | null; note: string | null } {
  const derived =
    /\b(?:back-calculated|derived|inferred|calculated)\s+from\s+(?:Newzoo\s+)?(?:GGMR|Global Games Market Report)\s+(\d{4})\b/i.exec(
      edition ?? "",
    );
  const basis = derived ? notes.get(Number(derived[1]))?.edition : undefined;
  if (derived && basis)
    return { edition: editionName(basis), asOf: editionMonth(basis), note: edition!.trim() };
  return { edition: editionName(edition), asOf: editionMonth(edition), note: null };
}

/**
 * What a restatement note says changed the figures, if it says: "… 177.9 (+0.6%) after Q1-2025
 * methodology change, …" → "Q1 2025 methodology change". Null where it names no such change. The
 * note's figures are the world total's; this part of it is true of every region too (review r28-a #4).
 */
export function restatementReason(note: string | null | undefined): string | null {
  const m =
    /\b(?:after|with|in|by)\s+(?:the\s+|a\s+)?([^,;()]*?\bmethodology\s+(?:change|update|revision))/i.exec(
      note ?? "",
    );
  return m ? m[1]!.replace(/\b(Q[1-4])-(\d{4})\b/, "$1 $2").trim() : null;
}

/** A "YYYY-MM" month as its first day, ISO 8601. */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`).toISOString();

/**
 * When an edition was published: the last month it names ("… (press release 22 May 2013; report 6
 * Jun 2013)" → June 2013; "forecast update, Jun 2025" → June 2025), ISO 8601. Null where it names none.
 */
export function editionMonth(edition: string | null | undefined): string | null {
  const months = [
    ...(edition ?? "").matchAll(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* (\d{4})\b/g),
  ];
  const last = months.at(-1);
  if (!last) return null;
  const t = Date.parse(`1 ${last[1]} ${last[2]} UTC`);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/**
 * The edition a year's figures are quoted from, without its dates: "Newzoo Global Games Market Report
 * 2024 (Aug 2024)" → "Newzoo Global Games Market Report 2024". Null without one.
 */
export function editionName(edition: string | null | undefined): string | null {
  const name = edition?.replace(/\s*\(.*$/, "").trim();
  return name ? name : null;
}

/**
 * Esports from Esports Earnings and Twitch: top games by prize money with their peak Twitch viewers;
 * prize money and hours watched per year; and, as no per-tournament list is public here, each game's
 * richest month standing in for its major event.
 */
export async function esportsSummary(): Promise<EsportsSummary> {
  const client = rawClient();
  const top =
    // Joined on the folded name (importers/game-key.ts): the files spell games differently ("PLAYERUNKNOWN’S"
    // and "PLAYERUNKNOWN'S"); a key some Twitch spellings share takes the highest of them.
    // The peak is the game's highest month in the Twitch data, dated by that month (review r27-a, item 7).
    await client.execute(`SELECT e.game, e.total_earnings, p.peak_viewers AS peak, p.month AS peak_month
                                    FROM esports_games e
                                    LEFT JOIN twitch_game_months p ON p.rowid = (SELECT t.rowid FROM twitch_game_months t WHERE t.game_key = e.game_key
                                      ORDER BY t.peak_viewers DESC, t.month LIMIT 1)
                                    ORDER BY e.total_earnings DESC LIMIT 10`);
  const yearly =
    await client.execute(`SELECT substr(month, 1, 4) AS year, sum(earnings) AS prize, count(DISTINCT month) AS months,
                                         (SELECT sum(hours_watched) FROM twitch_global_months g WHERE substr(g.month, 1, 4) = substr(e.month, 1, 4)) AS watched,
                                         (SELECT count(DISTINCT month) FROM twitch_global_months g WHERE substr(g.month, 1, 4) = substr(e.month, 1, 4)) AS watched_months
                                       FROM esports_monthly e GROUP BY year ORDER BY year`);
  const months =
    await client.execute(`SELECT e.month, e.game, e.earnings, e.tournaments, (SELECT max(t.peak_viewers) FROM twitch_game_months t WHERE t.game_key = e.game_key AND t.month = e.month) AS viewers
                                       FROM esports_monthly e ORDER BY e.earnings DESC LIMIT 10`);
  // Each dataset behind these figures, dated by the last month it covers (issue 9 §3).
  const sources =
    await client.execute(`SELECT source, max(month) AS month FROM esports_monthly GROUP BY source
                                         UNION ALL
                                         SELECT source, max(month) AS month FROM twitch_global_months GROUP BY source`);
  // Each figure's own source and last month: prize money, a game's Twitch peaks, Twitch's hours watched.
  const newest = async (table: string) => {
    const rs = await client.execute(`SELECT source, month FROM ${table} ORDER BY month DESC LIMIT 1`);
    const r = rs.rows[0];
    return r ? provenanceOf(String(r.source), monthStart(String(r.month))) : null;
  };
  const [prizeSource, viewersSource, hoursSource] = await Promise.all([
    newest("esports_monthly"),
    newest("twitch_game_months"),
    newest("twitch_global_months"),
  ]);
  const monthName = (m: string) =>
    new Date(`${m}-01T00:00:00Z`).toLocaleDateString("en", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
  return {
    topGames: top.rows.map((r) => ({
      game: String(r.game),
      viewership: r.peak == null ? null : Number(r.peak),
      viewershipMonth: r.peak_month == null ? null : monthStart(String(r.peak_month)),
      prizePool: Number(r.total_earnings),
    })),
    growth: yearly.rows.map((r) => ({
      year: Number(r.year),
      totalPrizePool: Number(r.prize),
      totalViewership: r.watched == null ? null : Number(r.watched),
      months: Number(r.months),
      viewershipMonths: r.watched == null ? null : Number(r.watched_months),
      // Twitch's data ends in September 2021: a year either figure covers only in part is marked, so it
      // is never compared with a full one as if it were.
      partial: Number(r.months) < 12 || (r.watched != null && Number(r.watched_months) < 12),
    })),
    tournaments: months.rows.map((r) => ({
      name: `${r.game} — ${monthName(String(r.month))}`,
      game: String(r.game),
      prizePool: Number(r.earnings),
      viewers: r.viewers == null ? null : Number(r.viewers),
      month: monthStart(String(r.month)),
      tournaments: r.tournaments == null ? null : Number(r.tournaments),
    })),
    provenance: sources.rows.map((r) => provenanceOf(String(r.source), `${String(r.month)}-01T00:00:00Z`)),
    figureSources: { prizePool: prizeSource, viewers: viewersSource, hoursWatched: hoursSource },
  };
}
