import type {
  GameAnalysisItem,
  MarketInsights,
  Recommendation,
  TrendingAnalysis,
} from "../../contracts/ai.ts";
import { averageVolatility, getMarketTrends, getPlayerActivity } from "../catalog/market.ts";
import { DAY_MS } from "../catalog/stats.ts";
import { getTrendingGames } from "../catalog/trending.ts";
import { placeholders, rawClient } from "../db/client.ts";

/**
 * The analyses behind AI Analytics: statistical models over the catalog's series, not a language
 * model. Each figure says where it comes from: player growth week on week, the spread of daily
 * players, the share of positive reviews, genre volatility (src/server/catalog/market.ts), and a
 * least-squares line through the catalog's daily players for the predictions.
 */
export const MODEL = "trend-statistics-v1";

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
const pct = (v: number) => `${v >= 0 ? "+" : ""}${(v * 100).toFixed(1)}%`;

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
  /** Average daily players over the game's last 7 days of points, and the 7 before. */
  current: number | null;
  previous: number | null;
  /** Coefficient of variation of the last 30 days' points (spread ÷ mean). */
  variation: number | null;
  points: number;
}

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
    sql: `WITH last AS (SELECT game_id, max(ts) AS ts FROM game_metrics
                        WHERE metric = 'players' AND game_id IN (${marks}) GROUP BY game_id)
          SELECT m.game_id,
                 avg(CASE WHEN m.ts > last.ts - ${7 * DAY_MS} THEN m.value END) AS current,
                 avg(CASE WHEN m.ts <= last.ts - ${7 * DAY_MS} AND m.ts > last.ts - ${14 * DAY_MS} THEN m.value END) AS previous,
                 avg(CASE WHEN m.ts > last.ts - ${30 * DAY_MS} THEN m.value END) AS mean30,
                 avg(CASE WHEN m.ts > last.ts - ${30 * DAY_MS} THEN m.value * m.value END) AS square30,
                 count(*) AS points
          FROM game_metrics m JOIN last ON last.game_id = m.game_id
          WHERE m.metric = 'players' GROUP BY m.game_id`,
    args: ids,
  });
  const byId = new Map(series.rows.map((r) => [String(r.game_id), r]));
  const order = new Map(ids.map((id, i) => [id, i]));
  return games.rows
    .map((g) => {
      const s = byId.get(String(g.id));
      const mean = s?.mean30 == null ? null : Number(s.mean30);
      const variance = mean == null ? null : Math.max(0, Number(s!.square30) - mean * mean);
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
        current: s?.current == null ? null : Number(s.current),
        previous: s?.previous == null ? null : Number(s.previous),
        variation: mean && variance != null ? Math.sqrt(variance) / mean : null,
        points: Number(s?.points ?? 0),
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

/** Confidence from how much evidence there is: more reviews and more points, up to 0.95. */
function evidence(count: number, enough: number): number {
  return round(Math.min(0.95, 0.3 + 0.65 * Math.min(1, Math.log10(1 + count) / Math.log10(1 + enough))));
}

/** Spec §3 "AI game analysis item" for one game. */
export function analyseGame(g: GameFacts): GameAnalysisItem {
  const reviews = (g.positive ?? 0) + (g.negative ?? 0);
  const share = positiveShare(g);
  const sentiment =
    share == null
      ? { rating: null, confidence: 0.1, reasoning: "No reviews or rating stored for this game yet." }
      : {
          rating: round(share * 5, 1),
          confidence: evidence(reviews || g.ratingCount, 10_000),
          reasoning:
            reviews > 0
              ? `${(share * 100).toFixed(0)}% of ${reviews.toLocaleString("en")} reviews are positive.`
              : `Rated ${g.rating!.toFixed(0)}/100 from ${g.ratingCount.toLocaleString("en")} ratings.`,
        };

  const growth = g.current != null && g.previous ? (g.current - g.previous) / g.previous : null;
  const trend: GameAnalysisItem["marketPrediction"]["trend"] =
    growth == null ? "unknown" : growth > 0.05 ? "rising" : growth < -0.05 ? "declining" : "stable";
  const marketPrediction = {
    trend,
    timeframe: "next 30 days",
    reasoning:
      growth == null
        ? "Not enough player history to compare two weeks."
        : `Average daily players ${Math.round(g.current!).toLocaleString("en")}, ${pct(growth)} against the week before; the trend is expected to hold while the change stays above 5%.`,
  };

  const variation = g.variation ?? 0;
  const riskLevel: GameAnalysisItem["recommendations"]["riskLevel"] =
    g.variation == null || variation > 0.35 ? "high" : variation > 0.15 ? "medium" : "low";
  const action =
    trend === "rising" && (share ?? 0) >= 0.7
      ? "Invest: grow coverage"
      : trend === "declining"
        ? (share ?? 0) >= 0.7
          ? "Hold: well liked but losing players"
          : "Reduce exposure"
        : trend === "unknown"
          ? "Gather more data"
          : "Monitor";
  const recommendations = {
    action,
    riskLevel,
    reasoning:
      g.variation == null
        ? "No daily player series to measure its swings."
        : `Daily players vary by ${(variation * 100).toFixed(0)}% around their 30-day mean (${riskLevel} risk).`,
  };
  return { gameId: g.id, gameName: g.name, sentiment, marketPrediction, recommendations };
}

/** A least-squares line through (x, y); the slope per unit of x. */
function slope(points: Array<{ x: number; y: number }>): number | null {
  if (points.length < 3) return null;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? null : points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / den;
}

export async function marketInsights(): Promise<{
  insights: MarketInsights["insights"];
  dataPoints: number;
  confidence: number;
}> {
  const [trends, activity] = await Promise.all([getMarketTrends(), getPlayerActivity()]);
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

  const line = slope(activity.map((d) => ({ x: Date.parse(d.date) / DAY_MS, y: d.players })));
  const last = activity.at(-1)?.players ?? 0;
  const project = (days: number) =>
    line == null || last === 0
      ? "Not enough daily player history for a projection."
      : `${Math.round(Math.max(0, last + line * days)).toLocaleString("en")} daily players (${pct((line * days) / last)} on today's ${last.toLocaleString("en")}), on the line through the last ${activity.length} days.`;

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
  if (keyInsights.length === 0) keyInsights.push("No genre has enough player series yet to compare.");

  return {
    insights: {
      overallSentiment,
      trendingGenres,
      marketVolatility: volatility,
      keyInsights,
      predictions: { nextMonth: project(30), nextQuarter: project(90) },
    },
    dataPoints,
    confidence: evidence(dataPoints, 50_000),
  };
}

/** Games like the user's (their tracked games' genres and their favourite genres), not yet tracked. */
export async function recommend(
  trackedIds: string[],
  favouriteGenres: string[],
): Promise<{ list: Recommendation[]; reasoning: string; insights: string[]; confidence: number }> {
  const tracked = await gameFacts(trackedIds);
  const weight = new Map<string, number>();
  for (const g of tracked)
    for (const genre of g.genres) weight.set(genre.toLowerCase(), (weight.get(genre.toLowerCase()) ?? 0) + 1);
  for (const genre of favouriteGenres)
    weight.set(genre.toLowerCase(), (weight.get(genre.toLowerCase()) ?? 0) + 1);
  const liked = [...weight.entries()].sort((a, b) => b[1] - a[1]);
  const total = liked.reduce((s, [, w]) => s + w, 0);
  if (total === 0) {
    return {
      list: [],
      reasoning: "Track a few games or choose favourite genres in Settings: recommendations follow them.",
      insights: [],
      confidence: 0.1,
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
    const shared = g.genres.filter((genre) => weight.has(genre.toLowerCase()));
    return {
      gameId: g.id,
      gameName: g.name,
      matchScore,
      genres: g.genres.slice(0, 3),
      reasoning: `Shares ${shared.join(", ")} with what you follow; ${(share * 100).toFixed(0)}% positive reception.`,
      expectedEnjoyment: round(Math.min(1, 0.6 * share + 0.4 * matchScore)),
    };
  });
  const list = scored.sort((a, b) => b.expectedEnjoyment - a.expectedEnjoyment).slice(0, 6);
  const top = liked.slice(0, 3).map(([g]) => g);
  return {
    list,
    reasoning: `Ranked by how much each game's genres overlap yours (${top.join(", ")}) and by how well it is received.`,
    insights: [
      `You follow ${tracked.length} game${tracked.length === 1 ? "" : "s"}; your leading genre is ${top[0]}.`,
      ...(favouriteGenres.length ? [`Favourite genres from Settings: ${favouriteGenres.join(", ")}.`] : []),
    ],
    confidence: evidence(tracked.length * 10 + favouriteGenres.length * 5, 100),
  };
}

export async function trendingAnalysis(): Promise<{
  analysis: TrendingAnalysis["analysis"];
  games: number;
  confidence: number;
}> {
  const trending = await getTrendingGames();
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
      confidence: 0.1,
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
  return {
    analysis: {
      topics,
      sentiment,
      emergingTrends: fast.map(
        (t) => `${t.gameName} (${t.genre ?? "unknown genre"}): ${pct(t.growth)} players`,
      ),
      analysis: `${trending.length} games are trending, growing ${pct(avgGrowth)} on average against their previous period. The most common themes among them are ${topics.slice(0, 3).join(", ")}.`,
    },
    games: trending.length,
    confidence: evidence(trending.length, 50),
  };
}
