import {
  type GameAnalysisItem,
  type MarketInsights,
  type ProjectionDirection,
  type Recommendation,
  type RecommendedAction,
  type TrendingAnalysis,
  trendLabel,
} from "../../contracts/ai.ts";
import type { OverviewFigures } from "../../contracts/games.ts";
import {
  PLAYER_MEASURE_WORDS,
  PLAYER_WINDOW_DAYS,
  type PlayerFigures,
  type ShownPlayersFigure,
  shownPlayersFigure,
} from "../../contracts/player-figures.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { type RatingFigure, ratingCountText, ratingLabelText } from "../../contracts/rating-figure.ts";
import { inProgressMonths, isPartialMonth } from "../catalog/in-progress-months.ts";
import { keptUntilChange } from "../catalog/kept-answers.ts";
import { averageVolatility, getCatalogActivity, getMarketTrends } from "../catalog/market.ts";
import { POINTS_OF_LAST, playerFigures } from "../catalog/player-figures.ts";
import { provenanceOf } from "../catalog/provenance.ts";
import { ratingFigureOf } from "../catalog/shapes.ts";
import { sourceName } from "../catalog/source-names.ts";
import { DAY_MS, lastDayUpTo, newestPlayerPoint } from "../catalog/stats.ts";
import { getTrendingSnapshot } from "../catalog/trending.ts";
import { placeholders, rawClient } from "../db/client.ts";
import { getGameEstimate } from "../estimates/store.ts";
import { counted } from "../words.ts";
import { type Projection, project } from "./projection.ts";

/**
 * The statistics behind AI Analytics: the facts each analysis rests on, and a complete result
 * from them alone. Each figure says where it comes from: player growth week on week, the spread of
 * daily players, the share of positive reviews, genre volatility (src/server/catalog/market.ts),
 * and least-squares lines through daily players for the predictions (./projection.ts). A language
 * model, when configured, rewrites the interpretation from these facts (./service.ts).
 */
export const HORIZON_DAYS = 30;

/**
 * Days with players in the last 30 that a game needs before its swings (volatility) are measured;
 * with fewer, volatility is unknown and the risk is high (see the methodology).
 */
export const MIN_VOLATILITY_DAYS = 7;

/**
 * Days of daily or live player counts a projection needs (the methodology's minimum); monthly means
 * are not days and never make one.
 */
export const MIN_PROJECTION_DAYS = 7;

/** A number rounded to `digits` decimals (2 unless told). */
export const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
const pct = (v: number) => `${v >= 0 ? "+" : ""}${(v * 100).toFixed(1)}%`;

/** A monthly series' change, stated as month on month (never as daily players); "" without two months. */
function monthChange(g: Pick<GameFacts, "month">): string {
  const m = g.month;
  if (!m?.previousPlayers) return "";
  return ` Its monthly average was ${Math.round(m.players).toLocaleString("en")} players in ${m.month}, ${pct(monthOnMonth(m)!)} on the month before.`;
}

/**
 * The month's change on the month before, from the source's own averages (515.28 on 9.1 is
 * +5562.4%, as trending gives it; 515 on 9 would be +5622.2%): the whole players the screens show
 * (ADR 040) are for display, never for working out (review r33/b #1). Null without a month before.
 */
function monthOnMonth(m: NonNullable<GameFacts["month"]>): number | null {
  return m.previousPlayers ? (m.players - m.previousPlayers) / m.previousPlayers : null;
}

export interface GameFacts {
  id: string;
  name: string;
  genres: string[];
  tags: string[];
  rating: number | null;
  ratingCount: number;
  positive: number | null;
  negative: number | null;
  price: number | null;
  /**
   * Average players over the game's last 7 days of points — the catalog's one definition
   * (src/server/catalog/player-figures.ts), so the AI quotes the number the game page shows — and
   * the average of the 7 days before.
   */
  current: number | null;
  /** The days with daily or live counts that `current` rests on (1 to 7): one reading is no week. */
  averageDays: number;
  previous: number | null;
  /**
   * Coefficient of variation of the last 30 days' points (spread ÷ mean); null with fewer than
   * MIN_VOLATILITY_DAYS days of players in them.
   */
  variation: number | null;
  points: number;
  /**
   * Average players per day over the last 30 days that have daily or live counts, oldest first.
   * Monthly means are not days: they are in `month`.
   */
  daily: number[];
  /**
   * The newest monthly mean (SteamCharts), and the month before's when stored, as the source gives
   * them (515.28, not 515: round only where they are shown); null without monthly figures.
   */
  /** `partial`: its source's data ends inside the month (in-progress-months.ts). */
  month: {
    month: string;
    players: number;
    previousPlayers: number | null;
    source?: string;
    partial?: true;
  } | null;
  /**
   * The newest daily peak (SteamDB's daily peak counts: the day's highest count, not its average,
   * so no projection or volatility rests on them), its day and source; null without daily peaks.
   */
  peaks?: { day: string; source: string } | null;
  /**
   * The players figure the screens show for a game whose only player figures are daily peaks
   * (shownPlayersFigure: SteamSpy's `ccu`, SteamDB's daily peaks), with the days it covers, its own
   * source and time; null for a game with a count or monthly average, or with no player figure.
   */
  shownPeak?: ShownPeak | null;
}

/** A players figure the screens show that is a daily peak (see GameFacts.shownPeak). */
export type ShownPeak = Extract<ShownPlayersFigure, { measure: "peak" }>;

/** The shown players figure when it is a peak; null otherwise. */
function shownPeakOf(figures: PlayerFigures | undefined): ShownPeak | null {
  const shown = shownPlayersFigure(figures);
  return shown && "measure" in shown ? shown : null;
}

function monthOf(
  points: Array<{ ts: number; value: number; source?: string }> | undefined,
  inProgress: ReadonlyMap<string, number>,
): GameFacts["month"] {
  const last = points?.at(-1);
  if (!last) return null;
  const before = points!.length > 1 ? points!.at(-2)! : null;
  return {
    month: new Date(last.ts).toISOString().slice(0, 7),
    players: last.value,
    previousPlayers: before ? before.value : null,
    ...(last.source ? { source: last.source } : {}),
    // SteamCharts' newest month, as every screen marks it (review r26/a #2).
    ...(last.source && isPartialMonth(last.source, "month", last.ts, inProgress)
      ? { partial: true as const }
      : {}),
  };
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2022-02" → "Feb 2022"; "2022-12-31" → "31 Dec 2022". */
function dateWords(iso: string): string {
  const [y, m, d] = iso.split("-");
  const month = `${MONTH_NAMES[Number(m) - 1]} ${y}`;
  return d ? `${Number(d)} ${month}` : month;
}

/**
 * What player history a game without daily player averages has instead, by source and newest date:
 * "daily peaks only (SteamDB, to 31 Dec 2022) and monthly averages (SteamCharts, newest Feb 2022)".
 * Null when it has neither.
 */
export function historyHeld(g: Pick<GameFacts, "month" | "peaks">): string | null {
  const peaks = g.peaks ? `daily peaks (${sourceName(g.peaks.source)}, to ${dateWords(g.peaks.day)})` : null;
  const month = g.month
    ? `monthly averages (${g.month.source ? `${sourceName(g.month.source)}, ` : ""}newest ${dateWords(g.month.month)})`
    : null;
  if (peaks && month) return `${peaks.replace("daily peaks", "daily peaks only")} and ${month}`;
  if (peaks) return peaks.replace("daily peaks", "daily peaks only");
  if (month) return month.replace("monthly averages", "monthly averages only");
  return null;
}

/**
 * Why there is no projection: the rule, and what the series has instead. `hasPeaks`: daily peaks
 * (SteamDB, SteamSpy) are held too, so "monthly figures only" would be untrue (review 20 C, item 11).
 */
export function noProjectionReason(
  dailyDays: number,
  hasMonthly: boolean,
  subject: string,
  hasPeaks = false,
): string {
  const has =
    dailyDays === 0
      ? hasPeaks
        ? `${hasMonthly ? "monthly averages and " : ""}daily peaks only, no daily player averages`
        : hasMonthly
          ? "monthly figures only"
          : "no daily player counts"
      : `${dailyDays} day${dailyDays === 1 ? "" : "s"} of them${hasMonthly ? " besides monthly figures" : ""}`;
  return `Projections need at least ${MIN_PROJECTION_DAYS} days of daily player counts; ${subject} has ${has}.`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What the analyses need to know about some games, read in two queries. */
export async function gameFacts(ids: string[]): Promise<GameFacts[]> {
  if (ids.length === 0) return [];
  const client = rawClient();
  const marks = placeholders(ids.length);
  const games = await client.execute({
    sql: `SELECT id, name, genres, tags, rating, rating_count, positive_reviews, negative_reviews, price
          FROM games WHERE id IN (${marks})`,
    args: ids,
  });
  const series = await client.execute({
    // Daily and live counts only: a monthly mean is one figure for a month, not a day of players.
    sql: `WITH last AS (SELECT game_id, max(ts) AS ts FROM game_metrics
                        WHERE metric = 'players' AND period != 'month' AND game_id IN (${marks}) GROUP BY game_id)
          SELECT m.game_id,
                 avg(CASE WHEN m.ts <= last.ts - ${7 * DAY_MS} AND m.ts > last.ts - ${14 * DAY_MS} THEN m.value END) AS previous,
                 avg(CASE WHEN m.ts > last.ts - ${30 * DAY_MS} THEN m.value END) AS mean30,
                 avg(CASE WHEN m.ts > last.ts - ${30 * DAY_MS} THEN m.value * m.value END) AS square30,
                 count(*) AS points,
                 count(DISTINCT CASE WHEN m.ts > last.ts - ${PLAYER_WINDOW_DAYS * DAY_MS} THEN m.ts / ${DAY_MS} END) AS average_days
          ${POINTS_OF_LAST}
          WHERE m.metric = 'players' AND m.period != 'month' GROUP BY m.game_id`,
    args: ids,
  });
  const recent = await client.execute({
    sql: `WITH last AS (SELECT game_id, max(ts) AS ts FROM game_metrics
                        WHERE metric = 'players' AND period != 'month' AND game_id IN (${marks}) GROUP BY game_id)
          SELECT m.game_id, m.ts / ${DAY_MS} AS day, avg(m.value) AS value
          ${POINTS_OF_LAST}
          WHERE m.metric = 'players' AND m.period != 'month' AND m.ts > last.ts - ${30 * DAY_MS}
          GROUP BY m.game_id, day ORDER BY m.game_id, day`,
    args: ids,
  });
  // The monthly series (SteamCharts): their two newest months, for a change month on month.
  const months = await client.execute({
    sql: `WITH last AS (SELECT game_id, max(ts) AS ts FROM game_metrics
                        WHERE metric = 'players' AND period = 'month' AND game_id IN (${marks}) GROUP BY game_id)
          SELECT m.game_id, m.ts, m.value, m.source
          ${POINTS_OF_LAST}
          WHERE m.metric = 'players' AND m.period = 'month' AND m.ts >= last.ts - ${31 * DAY_MS}
          ORDER BY m.game_id, m.ts`,
    args: ids,
  });
  // The newest daily peak per game (SteamDB), to name what a game without daily averages has.
  const peaks = await client.execute({
    sql: `SELECT game_id, max(ts) AS ts, source FROM game_metrics
          WHERE metric = 'players_peak' AND period = 'day' AND game_id IN (${marks}) GROUP BY game_id`,
    args: ids,
  });
  const peakOf = new Map(
    peaks.rows.map((r) => [
      String(r.game_id),
      { day: new Date(Number(r.ts)).toISOString().slice(0, 10), source: String(r.source) },
    ]),
  );
  const monthly = new Map<string, Array<{ ts: number; value: number; source: string }>>();
  for (const r of months.rows) {
    const list = monthly.get(String(r.game_id)) ?? [];
    list.push({ ts: Number(r.ts), value: Number(r.value), source: String(r.source) });
    monthly.set(String(r.game_id), list);
  }
  const [figures, inProgress] = await Promise.all([playerFigures(ids), inProgressMonths()]);
  const daily = new Map<string, number[]>();
  for (const r of recent.rows) {
    const list = daily.get(String(r.game_id)) ?? [];
    list.push(Number(r.value));
    daily.set(String(r.game_id), list);
  }
  const byId = new Map(series.rows.map((r) => [String(r.game_id), r]));
  const order = new Map(ids.map((id, i) => [id, i]));
  return games.rows
    .map((g) => {
      const s = byId.get(String(g.id));
      const mean = s?.mean30 == null ? null : Number(s.mean30);
      const variance = mean == null ? null : Math.max(0, Number(s!.square30) - mean * mean);
      const days = daily.get(String(g.id)) ?? [];
      return {
        id: String(g.id),
        name: String(g.name),
        genres: JSON.parse(String(g.genres ?? "[]")) as string[],
        tags: JSON.parse(String(g.tags ?? "[]")) as string[],
        rating: g.rating == null ? null : Number(g.rating),
        ratingCount: Number(g.rating_count ?? 0),
        positive: g.positive_reviews == null ? null : Number(g.positive_reviews),
        negative: g.negative_reviews == null ? null : Number(g.negative_reviews),
        price: g.price == null ? null : Number(g.price),
        current: figures.get(String(g.id))?.average?.value ?? null,
        previous: s?.previous == null ? null : Number(s.previous),
        variation:
          mean && variance != null && days.length >= MIN_VOLATILITY_DAYS ? Math.sqrt(variance) / mean : null,
        points: Number(s?.points ?? 0),
        averageDays: Number(s?.average_days ?? 0),
        daily: days,
        month: monthOf(monthly.get(String(g.id)), inProgress),
        peaks: peakOf.get(String(g.id)) ?? null,
        shownPeak: shownPeakOf(figures.get(String(g.id))),
      };
    })
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** The share of positive reviews (0–1), else the rating out of 100, else null. */
function positiveShare(g: GameFacts): number | null {
  const reviews = (g.positive ?? 0) + (g.negative ?? 0);
  if (reviews > 0) return (g.positive ?? 0) / reviews;
  return g.rating != null ? g.rating / 100 : null;
}

/** How much evidence there is, 0.3–0.95: grows with the log of the sample until `enough`. */
export function evidence(count: number, enough: number): number {
  return round(Math.min(0.95, 0.3 + 0.65 * Math.min(1, Math.log10(1 + count) / Math.log10(1 + enough))));
}

/** The confidence of a result that rests on nothing: no projection, no fit (market insights, game analysis). */
export const NO_FIT_CONFIDENCE = 0.1;

/**
 * Confidence (issue 12): the sample score times a fit factor, 0.5 + 0.5·R², so a projection whose
 * line explains nothing of its series keeps half the sample's confidence. Without a fit (nothing
 * could be projected or matched) there is nothing for it to rest on: NO_FIT_CONFIDENCE, below what
 * the poorest fit gives, never the sample score alone.
 */
export function confidenceOf(sample: number, fit: number | null): number {
  return round(fit == null ? NO_FIT_CONFIDENCE : sample * (0.5 + 0.5 * fit));
}

/** The market prediction of one game: its daily players carried HORIZON_DAYS forward. */
export function projectGame(g: Pick<GameFacts, "daily">): Projection | null {
  return g.daily.length >= MIN_PROJECTION_DAYS ? project(g.daily, HORIZON_DAYS) : null;
}

export const PROJECTED_MOVERS_METHOD = `games whose market prediction (a least-squares line through their last 30 days of daily players, carried ${HORIZON_DAYS} days forward) moves more than 5% either way; games with fewer than ${MIN_PROJECTION_DAYS} days of daily players are not projected`;

/**
 * The premium "AI Predictions" card (issue 12: "predictions are projected values with a horizon"):
 * how many games the market prediction projects to rise or decline over the next HORIZON_DAYS, by
 * projectGame itself over the same daily series gameFacts builds, so the card and the AI screen agree.
 * Games count when their newest player point lies within 30 days of the catalog's newest.
 */
export const projectedMovers: () => Promise<NonNullable<OverviewFigures["aiPredictions"]>> = keptUntilChange(
  computeProjectedMovers,
  { catalogOnly: true },
);

/** What the catalog's player figures measure, as OverviewFigures' `playerData` names them. */
const PLAYER_DATA_MEASURE: Record<string, "month" | "day" | "instant" | "peak"> = {
  "players/month": "month",
  "players/day": "day",
  "players/instant": "instant",
  "players_peak/day": "peak",
};

/**
 * The newest player figure of each source and measure the catalog holds, newest first: with nothing
 * projected, the card names them all (review r23-a #6: it said "monthly averages (Feb 2022)" while
 * SteamDB's daily peaks went to Dec 2022 and SteamSpy's to May 2023).
 */
async function heldPlayerData(): Promise<
  NonNullable<NonNullable<OverviewFigures["aiPredictions"]>["playerData"]>
> {
  const rs = await rawClient().execute(
    `SELECT metric, period, source, max(ts) AS ts FROM game_metrics
     WHERE metric IN ('players', 'players_peak') AND period IN ('day', 'month', 'instant')
     GROUP BY metric, period, source ORDER BY ts DESC, source`,
  );
  return rs.rows.flatMap((r) => {
    const measure = PLAYER_DATA_MEASURE[`${r.metric}/${r.period}`];
    return measure
      ? [{ source: sourceName(String(r.source)), measure, asOf: new Date(Number(r.ts)).toISOString() }]
      : [];
  });
}

/**
 * Nothing projected (no game has MIN_PROJECTION_DAYS days of daily counts in the latest 30 days of
 * data, or no player figure at all): no counts, `null` rather than "0 rising" (review r22-c #2, r23-a
 * #6), credited to the player figures the catalog holds, each named in `playerData` with its own date.
 */
async function noProjection(): Promise<NonNullable<OverviewFigures["aiPredictions"]>> {
  const playerData = await heldPlayerData();
  return {
    rising: null,
    stable: null,
    declining: null,
    projected: null,
    horizonDays: HORIZON_DAYS,
    minDays: MIN_PROJECTION_DAYS,
    playerData,
    provenance: provenanceOf(
      playerData.map((d) => d.source),
      playerData[0]?.asOf ?? null,
      playerData.length
        ? `no game projected: ${PROJECTED_MOVERS_METHOD}; ${playerData
            .map(
              (d) =>
                `${d.source}: ${PLAYER_MEASURE_WORDS[d.measure]} to ${d.asOf.slice(0, d.measure === "month" ? 7 : 10)}`,
            )
            .join("; ")}`
        : PROJECTED_MOVERS_METHOD,
    ),
  };
}

async function computeProjectedMovers(): Promise<NonNullable<OverviewFigures["aiPredictions"]>> {
  const client = rawClient();
  const newest = await newestPlayerPoint();
  const empty = {
    rising: 0,
    stable: 0,
    declining: 0,
    projected: 0,
    horizonDays: HORIZON_DAYS,
    minDays: MIN_PROJECTION_DAYS,
  };
  if (!newest) return noProjection();
  const since = newest - 30 * DAY_MS;
  const rs = await client.execute({
    // From the series by day (player_days): a game's newest point is on a day from `since` on when it
    // is after `since`, and each game's 30 days lie after the 30 days before `since`.
    sql: `WITH last AS (SELECT game_id, max(last_ts) AS ts FROM player_days
                        WHERE metric = 'players' AND day >= ?2 GROUP BY game_id HAVING max(last_ts) > ?1)
          SELECT d.game_id, d.day, sum(d.total) / sum(d.points) AS value
          FROM player_days d JOIN last ON last.game_id = d.game_id
          WHERE d.metric = 'players' AND d.day > ?3 AND d.day * ${DAY_MS} > last.ts - ${30 * DAY_MS}
          GROUP BY d.game_id, d.day ORDER BY d.game_id, d.day`,
    args: [since, lastDayUpTo(since), lastDayUpTo(since - 30 * DAY_MS)],
  });
  const daily = new Map<string, number[]>();
  for (const r of rs.rows) {
    const list = daily.get(String(r.game_id)) ?? [];
    list.push(Number(r.value));
    daily.set(String(r.game_id), list);
  }
  const counts = { ...empty };
  for (const series of daily.values()) {
    const p = projectGame({ daily: series });
    if (!p) continue;
    counts.projected++;
    counts[p.direction]++;
  }
  if (counts.projected === 0) return noProjection();
  const sources = await client.execute({
    sql: "SELECT DISTINCT source FROM player_days WHERE metric = 'players' AND day >= ? AND last_ts > ?",
    args: [lastDayUpTo(since), since],
  });
  return {
    ...counts,
    provenance: provenanceOf(
      sources.rows.map((r) => String(r.source)),
      newest,
      PROJECTED_MOVERS_METHOD,
    ),
  };
}

/** A rating with its count, as the game cards write it: "Critic score 81/100 (39 critics)." */
function ratingSentence(rating: RatingFigure): string {
  const count = ratingCountText(rating);
  return `${ratingLabelText(rating)}${count ? ` (${count})` : ""}.`;
}

/** Spec §3 "AI game analysis item" for one game. */
export function analyseGame(g: GameFacts): GameAnalysisItem {
  const reviews = (g.positive ?? 0) + (g.negative ?? 0);
  const share = positiveShare(g);
  // The game cards' figure (ratingFigureOf): there is one whenever there is a share.
  const figure = ratingFigureOf({
    rating: g.rating,
    ratingCount: g.ratingCount || null,
    positiveReviews: g.positive,
    negativeReviews: g.negative,
  });
  const sentiment =
    share == null || figure == null
      ? { rating: null, confidence: 0.1, reasoning: "No reviews or rating stored for this game yet." }
      : {
          rating: round(share * 5, 1),
          confidence: evidence(reviews || g.ratingCount, 10_000),
          // Named and rounded as every screen does (src/contracts/rating-figure.ts): "User reviews
          // 88.8% positive (1,000 reviews)", and a console game's critics' score apart from them.
          reasoning: ratingSentence(figure),
        };

  const growth = g.current != null && g.previous ? (g.current - g.previous) / g.previous : null;
  const projection = projectGame(g);
  // The player history the game holds, where it has no daily averages (said in two reasons below).
  const held = historyHeld(g);
  const direction: ProjectionDirection = projection?.direction ?? "unknown";
  const trend = trendLabel(direction);
  const marketPrediction = {
    trend,
    direction,
    timeframe: `next ${HORIZON_DAYS} days`,
    reasoning:
      projection == null
        ? `${
            g.daily.length === 0 && held
              ? `Projections need at least ${MIN_PROJECTION_DAYS} days of daily player averages; this game has ${held}, no daily player averages.`
              : noProjectionReason(g.daily.length, g.month != null, "this game")
          }${monthChange(g)}`
        : `A line through the last ${projection.n} days of players (R² ${projection.r2.toFixed(2)}) reaches ${Math.round(projection.projected).toLocaleString("en")} daily players in ${HORIZON_DAYS} days, ${pct(projection.change)} on today's ${Math.round(projection.from).toLocaleString("en")}${growth == null ? "" : `; last week moved ${pct(growth)} against the week before`}.`,
    currentPlayers: projection ? Math.round(projection.from) : null,
    projectedPlayers: projection ? Math.round(projection.projected) : null,
    horizonDays: HORIZON_DAYS,
    fit: projection ? round(projection.r2) : null,
  };

  const variation = g.variation ?? 0;
  const riskLevel: GameAnalysisItem["recommendations"]["riskLevel"] =
    g.variation == null || variation > 0.35 ? "high" : variation > 0.15 ? "medium" : "low";
  // Spec §4: the action is one of buy, hold, sell, watch.
  const liked = (share ?? 0) >= 0.7;
  const action: RecommendedAction =
    trend === "bullish" && liked ? "buy" : trend === "bearish" ? (liked ? "hold" : "sell") : "watch";
  const recommendations = {
    action,
    riskLevel,
    reasoning:
      g.variation == null
        ? g.daily.length === 0
          ? held
            ? `${capitalise(held)}: no daily player averages to measure its swings, high risk until there are.`
            : "No daily player series to measure its swings: high risk until there is one."
          : `Only ${g.daily.length} day${g.daily.length === 1 ? "" : "s"} of players in the last 30, fewer than the ${MIN_VOLATILITY_DAYS} its swings are measured from: high risk until there are more.`
        : `Daily players vary by ${(variation * 100).toFixed(0)}% around their 30-day mean (${riskLevel} risk).`,
  };
  return { gameId: g.id, gameName: g.name, sentiment, marketPrediction, recommendations };
}

/**
 * What a low-signal estimate's facts say in place of a single figure (no digits: the number check
 * would read them as figures).
 */
const LOW_SIGNAL_NOTE =
  "Too little is known of this game for a single figure: each estimate is only its low to high range. Write the range, never one number for it.";

/**
 * A game's estimates (src/server/estimates: owners, units sold, revenue as P10 / P50 / P90), rounded
 * as the screen shows them; null when the estimates cannot be had, or when the model does not cover
 * the game (not on Steam, no Steam signal: its ranges would be the Steam catalog's, not the game's).
 * A low-signal estimate has no single figure (its game page shows the P10–P90 range only): its facts
 * carry the low and high without the mid, so that a P50 can be neither written nor cited as the
 * figure, and a note that says why.
 */
export async function estimateFacts(gameId: string) {
  // The figures only: not the reads that date each input for the game page.
  const e = await getGameEstimate(gameId, { inputSources: false }).catch(() => null);
  if (!e?.covered) return null;
  const r = (x: { low: number; mid: number; high: number } | null) =>
    x &&
    (e.lowSignal
      ? { low: Math.round(x.low), high: Math.round(x.high) }
      : { low: Math.round(x.low), mid: Math.round(x.mid), high: Math.round(x.high) });
  return {
    owners: r(e.owners),
    unitsSold: r(e.unitsSold),
    grossRevenueUsd: r(e.revenue.gross),
    netRevenueUsd: r(e.revenue.net),
    lowSignal: e.lowSignal,
    ...(e.lowSignal ? { lowSignalNote: LOW_SIGNAL_NOTE } : {}),
    modelVersion: e.modelVersion,
  };
}

/** The facts about one game that its analysis rests on, in the units the text may quote. */
export function gameFactSheet(g: GameFacts, item: GameAnalysisItem) {
  const reviews = (g.positive ?? 0) + (g.negative ?? 0);
  const share = positiveShare(g);
  const critics = ratingFigureOf({ rating: g.rating, ratingCount: g.ratingCount || null });
  const growth = g.current != null && g.previous ? (g.current - g.previous) / g.previous : null;
  return {
    gameId: g.id,
    name: g.name,
    genres: g.genres.slice(0, 4),
    tags: g.tags.slice(0, 5),
    priceUsd: g.price,
    reviews: reviews > 0 ? { positive: g.positive ?? 0, negative: g.negative ?? 0, total: reviews } : null,
    // The share of user reviews that are positive, out of 100 and out of 5. A game without user
    // reviews has none: its rating is a critics' score (VGChartz's Metacritic figure), named for what
    // it is, never cited as "sentiment" (review r26/a #7), on its own 0–100 scale as the screens write
    // it (criticScore: 81, where it was 4.1 out of 5; review r29-a #6).
    positiveSharePct: share == null || reviews === 0 ? null : round(share * 100, 1),
    sentimentOutOf5: reviews === 0 ? null : item.sentiment.rating,
    criticScore: reviews === 0 && critics?.kind === "critics" ? critics.score : null,
    players: {
      averageLast7Days: g.current == null ? null : Math.round(g.current),
      // How many days of readings that average rests on: below 7 it is no full week's average.
      daysInAverage: g.current == null ? 0 : g.averageDays,
      averagePrevious7Days: g.previous == null ? null : Math.round(g.previous),
      weekOnWeekChangePct: growth == null ? null : round(growth * 100, 1),
      daysOfHistory: g.daily.length,
    },
    monthlyPlayers:
      g.month == null
        ? null
        : {
            month: g.month.month,
            // Whole players, as the screens show them (ADR 040); the change from the source's averages.
            averagePlayers: Math.round(g.month.players),
            previousMonthAveragePlayers:
              g.month.previousPlayers == null ? null : Math.round(g.month.previousPlayers),
            monthOnMonthChangePct: g.month.previousPlayers ? round(monthOnMonth(g.month)! * 100, 1) : null,
            // The month is the source's last, taken part-way through: an average of part of it.
            ...(g.month.partial ? { partialMonth: true as const } : {}),
          },
    projection:
      item.marketPrediction.projectedPlayers == null
        ? null
        : {
            horizonDays: HORIZON_DAYS,
            fromPlayers: item.marketPrediction.currentPlayers,
            projectedPlayers: item.marketPrediction.projectedPlayers,
            changePct:
              item.marketPrediction.currentPlayers && item.marketPrediction.projectedPlayers != null
                ? round(
                    ((item.marketPrediction.projectedPlayers - item.marketPrediction.currentPlayers) /
                      item.marketPrediction.currentPlayers) *
                      100,
                    1,
                  )
                : null,
            fitR2: item.marketPrediction.fit,
            direction: item.marketPrediction.direction,
          },
    // Spec §4's label, and what it rests on: "neutral" with direction "unknown" is no view at all
    // (too little player history to project), not a projection that found nothing moving.
    marketTrend: item.marketPrediction.trend,
    projectionDirection: item.marketPrediction.direction,
    volatilityPct: g.variation == null ? null : round(g.variation * 100, 0),
    riskLevel: item.recommendations.riskLevel,
    suggestedAction: item.recommendations.action,
  };
}

const PLAYER_DATA_KIND: Record<string, string> = {
  "players/month": "monthly average players",
  "players/day": "daily average players",
  "players/instant": "player counts",
  "players_peak/day": "daily peak players",
};

/**
 * Market Insights without any day of daily or live player counts: why its genre figures are empty,
 * and the newest player data the catalog holds by source ("SteamDB daily peak players to 14 Dec 2022").
 */
async function withoutDailyPlayers(): Promise<{ text: string; quoted: Provenance[]; peaks: boolean }> {
  const rs = await rawClient().execute(
    `SELECT metric, period, source, max(ts) AS ts FROM game_metrics
     WHERE metric IN ('players', 'players_peak') AND period IN ('day', 'month', 'instant')
     GROUP BY metric, period, source ORDER BY ts DESC LIMIT 4`,
  );
  const rows = rs.rows.filter((r) => !(r.metric === "players_peak" && r.period === "month"));
  const quoted = rows.map((r) => provenanceOf(String(r.source), Number(r.ts)));
  const held = rows.map((r) => {
    const iso = new Date(Number(r.ts)).toISOString();
    const when = r.period === "month" ? dateWords(iso.slice(0, 7)) : dateWords(iso.slice(0, 10));
    return `${sourceName(String(r.source))} ${PLAYER_DATA_KIND[`${r.metric}/${r.period}`] ?? "players"} to ${when}`;
  });
  const need =
    "Genre momentum and volatility need daily player averages from the live syncs, and the catalog has none";
  const text = held.length
    ? `${need}; its newest player data: ${held.join("; ")}.`
    : `${need}, nor any other player data.`;
  // Whether any daily peaks are held: the projection's reason names them beside the monthly figures.
  const peaks = await rawClient().execute(
    "SELECT 1 FROM game_metrics WHERE metric = 'players_peak' AND period = 'day' LIMIT 1",
  );
  return { text, quoted, peaks: peaks.rows.length > 0 };
}

/** The market's projection horizons, in days (the catalog's daily totals carried forward). */
const MARKET_HORIZON_DAYS = { nextMonth: 30, nextQuarter: 90 } as const;

export async function marketInsights(): Promise<{
  insights: MarketInsights["insights"];
  dataPoints: number;
  confidence: number;
  basis: string;
  facts: Record<string, unknown>;
  /** The sources its facts name beyond the catalog's screened ones (the newest player data held). */
  quoted: Provenance[];
}> {
  // Days of daily and live counts only (getCatalogActivity): a monthly mean is no day's players; the
  // monthly figures in the window are counted to say they were left out.
  const [trends, { days: activity, months }] = await Promise.all([getMarketTrends(), getCatalogActivity()]);
  const monthlyPoints = months.reduce((s, m) => s + m.games, 0);
  const dataPoints = activity.reduce((s, d) => s + d.games, 0);
  const byChange = [...trends].sort((a, b) => b.change - a.change);
  const trendingGenres = byChange
    .filter((t) => t.change > 0)
    .slice(0, 5)
    .map((t) => t.category);
  const volatility = averageVolatility(trends);
  const weighted =
    trends.reduce((s, t) => s + t.change * t.players, 0) /
    Math.max(
      1,
      trends.reduce((s, t) => s + t.players, 0),
    );
  const overallSentiment = weighted > 2 ? "positive" : weighted < -2 ? "negative" : "neutral";

  // The methodology's minimum, as for each game: days of daily or live counts, not monthly means.
  const enough = activity.length >= MIN_PROJECTION_DAYS;
  const players = activity.map((d) => d.players);
  const month = enough ? project(players, MARKET_HORIZON_DAYS.nextMonth) : null;
  const quarter = enough ? project(players, MARKET_HORIZON_DAYS.nextQuarter) : null;
  // Without days of daily players, genre momentum and volatility are not measured: say so, and name
  // the newest player data held, rather than hand the model zero counts to restate as an insight.
  const noDaily = dataPoints === 0 ? await withoutDailyPlayers() : null;
  const withoutProjection = noProjectionReason(
    activity.length,
    monthlyPoints > 0,
    "the catalog",
    noDaily?.peaks ?? false,
  );
  const describe = (p: Projection | null) =>
    p == null
      ? enough
        ? "Not enough daily player history for a projection."
        : withoutProjection
      : `${Math.round(p.projected).toLocaleString("en")} daily players (${pct(p.change)} on today's ${Math.round(p.from).toLocaleString("en")}), on the line through the last ${p.n} days (R² ${p.r2.toFixed(2)}).`;
  const sample = evidence(dataPoints, 50_000);
  const fit = month?.r2 ?? null;
  // Without a projection (too few days: no fit) confidenceOf gives the lowest score, as for an
  // analysis without games, and the basis says why.
  const confidence = confidenceOf(sample, fit);
  const monthlyNote =
    monthlyPoints > 0
      ? `; ${monthlyPoints.toLocaleString("en")} monthly player figures are not days and are left out`
      : "";
  const basis = enough
    ? `${counted(dataPoints, "daily player point")} over ${counted(activity.length, "day")} (sample score ${sample.toFixed(2)})${fit == null ? "; no line could be fitted" : `; the line through the daily totals fits with R² ${fit.toFixed(2)}`}${monthlyNote}.`
    : `No projection: ${withoutProjection.charAt(0).toLowerCase()}${withoutProjection.slice(1, -1)}${monthlyNote}.`;
  const projectionFacts = (p: Projection | null) =>
    p && {
      horizonDays: p.horizon,
      fromDailyPlayers: Math.round(p.from),
      projectedDailyPlayers: Math.round(p.projected),
      changePct: round(p.change * 100, 1),
      fitR2: round(p.r2),
    };
  const facts = {
    ...(noDaily ? { withoutDailyPlayers: noDaily.text } : { days: activity.length, dataPoints }),
    monthlyPlayerFigures: monthlyPoints,
    minimumDaysForProjection: MIN_PROJECTION_DAYS,
    weightedGenreChangePct: round(weighted, 1),
    overallSentiment,
    marketVolatilityOutOf10: volatility,
    genres: trends.slice(0, 15).map((t) => ({
      genre: t.category,
      dailyPlayers: t.players,
      changePct: round(t.change, 1),
      volatilityOutOf10: t.volatilityScore,
    })),
    // The horizons are facts whether or not a line could be drawn: "over the next 90 days" names one.
    horizonDays: MARKET_HORIZON_DAYS,
    projections: { nextMonth: projectionFacts(month), nextQuarter: projectionFacts(quarter) },
  };

  const keyInsights: string[] = [];
  if (byChange[0])
    keyInsights.push(`${byChange[0].category} grew most: ${byChange[0].change.toFixed(1)}% over the window.`);
  const falling = byChange.at(-1);
  if (falling && falling.change < 0)
    keyInsights.push(`${falling.category} lost most: ${falling.change.toFixed(1)}%.`);
  const wild = [...trends].sort((a, b) => b.volatilityScore - a.volatilityScore)[0];
  if (wild) keyInsights.push(`${wild.category} is the most volatile genre (${wild.volatilityScore}/10).`);
  const biggest = [...trends].sort((a, b) => b.players - a.players)[0];
  if (biggest)
    keyInsights.push(
      `${biggest.category} has the most players: ${biggest.players.toLocaleString("en")} a day.`,
    );
  if (noDaily && trends.length === 0) keyInsights.push(noDaily.text);
  if (keyInsights.length === 0) keyInsights.push("No genre has enough player series yet to compare.");

  return {
    insights: {
      overallSentiment,
      trendingGenres,
      marketVolatility: volatility,
      keyInsights,
      predictions: { nextMonth: describe(month), nextQuarter: describe(quarter) },
    },
    dataPoints,
    confidence,
    basis,
    facts,
    quoted: noDaily?.quoted ?? [],
  };
}

/** A favourite genre of Settings: as the user chose it ("FPS"), and the catalog's genres it matches. */
export interface FavouriteGenre {
  label: string;
  names: string[];
}

/** Games like the user's (their tracked games' genres and their favourite genres), not yet tracked. */
export async function recommend(
  trackedIds: string[],
  favouriteGenres: FavouriteGenre[],
): Promise<{
  list: Recommendation[];
  reasoning: string;
  insights: string[];
  confidence: number;
  basis: string;
  facts: Record<string, unknown>;
}> {
  const tracked = await gameFacts(trackedIds);
  const weight = new Map<string, number>();
  // The tracked games' genres as the catalog writes them, most followed first.
  const trackedGenres = new Map<string, { name: string; games: number }>();
  for (const g of tracked)
    for (const genre of g.genres) {
      const key = genre.toLowerCase();
      weight.set(key, (weight.get(key) ?? 0) + 1);
      const seen = trackedGenres.get(key) ?? { name: genre, games: 0 };
      seen.games++;
      trackedGenres.set(key, seen);
    }
  for (const favourite of favouriteGenres)
    for (const genre of favourite.names)
      weight.set(genre.toLowerCase(), (weight.get(genre.toLowerCase()) ?? 0) + 1);
  const liked = [...weight.entries()].sort((a, b) => b[1] - a[1]);
  const total = liked.reduce((s, [, w]) => s + w, 0);
  if (total === 0) {
    return {
      list: [],
      reasoning: "Track a few games or choose favourite genres in Settings: recommendations follow them.",
      insights: [],
      confidence: 0.1,
      basis: "Nothing to go on: no tracked games and no favourite genres.",
      facts: {
        trackedGames: [],
        trackedGameCount: 0,
        favouriteGenres: [],
        favouriteGenreCount: 0,
        candidates: [],
      },
    };
  }
  const client = rawClient();
  const candidates = await client.execute({
    sql: `SELECT g.id FROM games g, json_each(g.genres) j
          WHERE lower(j.value) IN (${placeholders(liked.length)})
            ${trackedIds.length ? `AND g.id NOT IN (${placeholders(trackedIds.length)})` : ""}
          GROUP BY g.id ORDER BY max(g.popularity) DESC LIMIT 60`,
    args: [...liked.map(([g]) => g), ...trackedIds],
  });
  const facts = await gameFacts(candidates.rows.map((r) => String(r.id)));
  const scored = facts.map((g) => {
    const overlap = g.genres.reduce((s, genre) => s + (weight.get(genre.toLowerCase()) ?? 0), 0) / total;
    // A game without reviews or rating counts as half liked.
    const share = positiveShare(g) ?? 0.5;
    const matchScore = round(Math.min(1, overlap));
    // The genres it shares come first among the three a card shows, so the reasoning names genres
    // the card shows.
    const shared = g.genres.filter((genre) => weight.has(genre.toLowerCase()));
    const genres = [...shared, ...g.genres.filter((genre) => !weight.has(genre.toLowerCase()))].slice(0, 3);
    return {
      gameId: g.id,
      gameName: g.name,
      matchScore,
      genres,
      reasoning: `Shares ${genres.filter((genre) => weight.has(genre.toLowerCase())).join(", ")} with what you follow; ${(share * 100).toFixed(0)}% positive reception.`,
      expectedEnjoyment: round(Math.min(1, 0.6 * share + 0.4 * matchScore)),
    };
  });
  const list = scored.sort((a, b) => b.expectedEnjoyment - a.expectedEnjoyment).slice(0, 6);
  // The user's genres as they know them: their tracked games' (as the catalog writes them), then the
  // favourites as Settings names them, a favourite that a tracked genre already says left out.
  const byGames = [...trackedGenres.values()].sort((a, b) => b.games - a.games);
  const yours = [
    ...byGames.slice(0, 3).map((t) => t.name),
    ...favouriteGenres
      .filter(
        (f) =>
          !f.names.some((n) => byGames.slice(0, 3).some((t) => t.name.toLowerCase() === n.toLowerCase())),
      )
      .map((f) => f.label),
  ];
  const favouriteLabels = favouriteGenres.map((f) => f.label);
  const signals = tracked.length * 10 + favouriteGenres.length * 5;
  const sample = evidence(signals, 100);
  const meanMatch = list.length ? list.reduce((s, r) => s + r.matchScore, 0) / list.length : null;
  const byId = new Map(facts.map((g) => [g.id, g]));
  return {
    list,
    reasoning: `Ranked by how much each game's genres overlap yours (${yours.join(", ")}) and by how well it is received.`,
    insights: [
      // A leading genre only from games followed: with none, there is none to claim.
      // Games followed, none with a genre in the catalog: there is no leading genre to claim either.
      tracked.length === 0
        ? "You follow no games yet: these follow your favourite genres alone."
        : byGames.length === 0
          ? `You follow ${counted(tracked.length, "game")}, none with a genre in the catalog: these follow your favourite genres alone.`
          : `You follow ${counted(tracked.length, "game")}; your leading genre is ${byGames[0]!.name}.`,
      ...(favouriteLabels.length ? [`Favourite genres from Settings: ${favouriteLabels.join(", ")}.`] : []),
    ],
    // The fit here is how well the recommended games' genres match the user's.
    confidence: confidenceOf(sample, meanMatch),
    basis: `${tracked.length} tracked game${tracked.length === 1 ? "" : "s"} and ${favouriteGenres.length} favourite genre${favouriteGenres.length === 1 ? "" : "s"} (sample score ${sample.toFixed(2)})${meanMatch == null ? "" : `; the recommended games match your genres by ${Math.round(meanMatch * 100)}% on average`}.`,
    facts: {
      trackedGames: tracked.map((g) => ({ name: g.name, genres: g.genres.slice(0, 4) })),
      // The counts the screen shows ("4 of your games", the confidence's basis) are facts the text may repeat.
      trackedGameCount: tracked.length,
      favouriteGenres: favouriteLabels,
      favouriteGenreCount: favouriteGenres.length,
      yourGenres: yours,
      candidates: list.map((r) => {
        const g = byId.get(r.gameId);
        const share = g ? positiveShare(g) : null;
        return {
          gameId: r.gameId,
          name: r.gameName,
          genres: r.genres,
          matchScorePct: Math.round(r.matchScore * 100),
          expectedEnjoymentPct: Math.round(r.expectedEnjoyment * 100),
          positiveSharePct: share == null ? null : round(share * 100, 1),
          priceUsd: g?.price ?? null,
          averageDailyPlayers: g?.current == null ? null : Math.round(g.current),
        };
      }),
    },
  };
}

export async function trendingAnalysis(): Promise<{
  analysis: TrendingAnalysis["analysis"];
  games: number;
  /** The trending games read (their players are the figures). */
  gameIds: string[];
  confidence: number;
  basis: string;
  facts: Record<string, unknown>;
}> {
  // The trending list is the top of every growing game: the analysis reads that top and says how many
  // grow in all (the Overview's count), not the list's length as if it were the total.
  const snapshot = await getTrendingSnapshot();
  const trending = snapshot.games;
  const growing = Math.max(snapshot.growing, trending.length);
  if (trending.length === 0) {
    return {
      analysis: {
        topics: [],
        sentiment: "neutral",
        emergingTrends: [],
        analysis:
          "No game is trending: the catalog has no player series that grew against the period before.",
      },
      games: 0,
      gameIds: [],
      confidence: 0.1,
      basis: "No trending games to rest on.",
      facts: { trendingGames: 0 },
    };
  }
  const facts = await gameFacts(trending.map((t) => t.gameId));
  const topicWeight = new Map<string, number>();
  for (const g of facts)
    for (const topic of [...g.genres, ...g.tags.slice(0, 5)])
      topicWeight.set(topic, (topicWeight.get(topic) ?? 0) + 1);
  const topics = [...topicWeight.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([t]) => t);
  const fast = [...trending].sort((a, b) => b.growth - a.growth).slice(0, 3);
  const avgGrowth = trending.reduce((s, t) => s + t.growth, 0) / trending.length;
  const sentiment = avgGrowth > 0.05 ? "positive" : avgGrowth < 0 ? "negative" : "neutral";
  const sample = evidence(trending.length, 50);
  // The fit: the share of trending games growing at least as fast as the average, i.e. whether the
  // movement is broad or carried by a few.
  const broad = trending.filter((t) => t.growth > 0).length / trending.length;
  return {
    analysis: {
      topics,
      sentiment,
      emergingTrends: fast.map(
        (t) => `${t.gameName} (${t.genre ?? "unknown genre"}): ${pct(t.growth)} players`,
      ),
      analysis: `${
        growing > trending.length
          ? `${growing} games are trending; the ${trending.length} rising fastest grow`
          : `${counted(trending.length, "game")} ${trending.length === 1 ? "is" : "are"} trending, growing`
      } ${pct(avgGrowth)} on average against their previous period. The most common themes among them are ${topics.slice(0, 3).join(", ")}.`,
    },
    games: trending.length,
    gameIds: trending.map((t) => t.gameId),
    confidence: confidenceOf(sample, broad),
    basis: `${counted(trending.length, "trending game")}${growing > trending.length ? ` (the top of ${growing})` : ""} (sample score ${sample.toFixed(2)}); ${Math.round(broad * 100)}% of them grew against their previous period.`,
    facts: {
      trendingGames: growing,
      analysedGames: trending.length,
      averageGrowthPct: round(avgGrowth * 100, 1),
      sentiment,
      topics: topics.map((t) => ({ topic: t, games: topicWeight.get(t) })),
      fastest: trending
        .slice()
        .sort((a, b) => b.growth - a.growth)
        .slice(0, 8)
        .map((t) => ({
          gameId: t.gameId,
          name: t.gameName,
          genre: t.genre,
          growthPct: round(t.growth * 100, 1),
          dailyPlayers: Math.round(t.playerCount),
        })),
    },
  };
}
