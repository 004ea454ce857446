import type { CitedFigure } from "../../../contracts/ai.ts";
import { PLAYER_WINDOW_DAYS } from "../../../contracts/player-figures.ts";

/**
 * What the figures an analyst's answer quoted are called on screen, with their units. A citation
 * carries where the figure is in the game's facts ("players.averageLast7Days", the facts of
 * src/server/ai/engine.ts gameFactSheet and the chat's tools); users read "average daily players
 * (last 7 days) 1,590", never the key.
 */
type Unit =
  | "count"
  | "percent"
  | "signedPercent"
  | "usd"
  | "price"
  | "outOf5"
  | "outOf100"
  | "days"
  | "plain";

const LABELS: Record<string, { label: string; unit: Unit }> = {
  positiveSharePct: { label: "positive reviews", unit: "percent" },
  "reviews.total": { label: "reviews", unit: "count" },
  "reviews.positive": { label: "positive reviews", unit: "count" },
  "reviews.negative": { label: "negative reviews", unit: "count" },
  // market_figures: a genre's most reviewed games carry their review count alone.
  reviews: { label: "reviews", unit: "count" },
  priceUsd: { label: "price", unit: "price" },
  sentimentOutOf5: { label: "sentiment", unit: "outOf5" },
  // A game without user reviews: its critics' score (VGChartz's Metacritic figure), out of 100.
  criticScore: { label: "critic score", unit: "outOf100" },
  // Answers stored before critic scores were quoted on their own 0–100 scale (review r29-a #6).
  criticScoreOutOf5: { label: "critic score", unit: "outOf5" },
  "players.averageLast7Days": {
    label: `average daily players (last ${PLAYER_WINDOW_DAYS} days)`,
    unit: "count",
  },
  "players.daysInAverage": {
    label: `${PLAYER_WINDOW_DAYS}-day average rests on`,
    unit: "days",
  },
  "players.averagePrevious7Days": {
    label: `average daily players (the ${PLAYER_WINDOW_DAYS} days before)`,
    unit: "count",
  },
  "players.weekOnWeekChangePct": { label: "daily players, week on week", unit: "signedPercent" },
  "players.daysOfHistory": { label: "player history (last 30 days)", unit: "days" },
  "monthlyPlayers.averagePlayers": { label: "average players (latest month)", unit: "count" },
  "monthlyPlayers.previousMonthAveragePlayers": { label: "average players (month before)", unit: "count" },
  "monthlyPlayers.monthOnMonthChangePct": { label: "players, month on month", unit: "signedPercent" },
  "projection.horizonDays": { label: "projection horizon", unit: "days" },
  "projection.fromPlayers": { label: "daily players the projection starts from", unit: "count" },
  "projection.projectedPlayers": { label: "projected daily players", unit: "count" },
  "projection.changePct": { label: "projected change in daily players", unit: "signedPercent" },
  "projection.fitR2": { label: "projection fit (R²)", unit: "plain" },
  volatilityPct: { label: "volatility of daily players", unit: "percent" },
  // screen_games: over the days the screen was asked for (90 unless said).
  averageDailyPlayers: { label: "average daily players (screened period)", unit: "count" },
  growthPct: { label: "growth in daily players (screened period)", unit: "signedPercent" },
  // A game whose only player figures are daily peaks: its peak (its measure and source beside it).
  "peakPlayers.players": { label: "peak players", unit: "count" },
  // Units sold as a sales file published them (never an estimate): the game's sum over its platforms.
  "publishedSales.units": { label: "units sold (published)", unit: "count" },
};

/** The sales files' regions as a person reads them. */
const REGIONS: Record<string, string> = {
  northAmerica: "North America",
  europe: "Europe",
  japan: "Japan",
  other: "other regions",
};

/** The estimates' ranges: owners, units sold and revenue, each low / mid / high (P10 / P50 / P90). */
const ESTIMATES: Record<string, { label: string; unit: Unit }> = {
  owners: { label: "estimated owners", unit: "count" },
  unitsSold: { label: "estimated units sold", unit: "count" },
  grossRevenueUsd: { label: "estimated gross revenue", unit: "usd" },
  netRevenueUsd: { label: "estimated net revenue", unit: "usd" },
};
const BOUNDS: Record<string, string> = { low: "low", mid: "mid", high: "high" };

function labelOf(path: string): { label: string; unit: Unit } {
  const known = LABELS[path];
  if (known) return known;
  const estimate = path.match(/^estimates\.(\w+)\.(low|mid|high)$/);
  if (estimate && ESTIMATES[estimate[1]!])
    return {
      label: `${ESTIMATES[estimate[1]!]!.label} (${BOUNDS[estimate[2]!]})`,
      unit: ESTIMATES[estimate[1]!]!.unit,
    };
  // Published units of one platform, or of a region (the game's, or one platform's). The server names
  // the platform in the path ("platforms[X360]"); an index alone says only that it is one platform's.
  const published = path.match(/^publishedSales\.(?:platforms\[([^\]]+)\]\.)?(units|regions\.(\w+))$/);
  if (published && (published[2] === "units" || REGIONS[published[3]!])) {
    const platform = published[1];
    const where = published[3] ? ` in ${REGIONS[published[3]]}` : "";
    if (platform && !/^\d+$/.test(platform))
      return { label: `units sold on ${platform}${where} (published)`, unit: "count" };
    return { label: `${platform ? "one platform's " : ""}units sold${where} (published)`, unit: "count" };
  }
  // A field this table does not know yet: its name in words, its unit from its suffix.
  const key = path
    .split(".")
    .at(-1)!
    .replace(/\[\d+\]/g, "");
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/\s+/);
  const last = words.at(-1);
  if (last === "pct") return { label: words.slice(0, -1).join(" "), unit: "percent" };
  if (last === "usd")
    return { label: words.slice(0, -1).join(" "), unit: words.includes("price") ? "price" : "usd" };
  return { label: words.join(" "), unit: "count" };
}

function withUnit(value: number, unit: Unit): string {
  const number = value.toLocaleString("en", { maximumFractionDigits: 2 });
  switch (unit) {
    case "percent":
      return `${number}%`;
    case "signedPercent":
      return `${value > 0 ? "+" : ""}${number}%`;
    case "usd":
      return `$${number}`;
    // A price as every screen writes it: cents always ("$15.20", "$20.00").
    case "price":
      return `$${value.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    case "outOf5":
      return `${number} / 5`;
    case "outOf100":
      return `${number} / 100`;
    case "days":
      return `${number} day${value === 1 ? "" : "s"}`;
    default:
      return number;
  }
}

/** A quoted figure as the user reads it: "positive reviews 82.5%", "price $19.99". */
export function citedFigureText(figure: CitedFigure): string {
  const { label, unit } = labelOf(figure.label);
  return `${label} ${withUnit(figure.value, unit)}`;
}

/**
 * What an answer without sources of its own says about its data. A follow-up may quote figures of the
 * conversation's earlier answers without looking anything up: its citations then come from those
 * answers' facts, and it must not claim that no data backs it.
 */
export function noSourcesText(message: { citations: Array<{ figures: unknown[] }> }): string {
  return message.citations.some((c) => c.figures.length > 0)
    ? "Figures from earlier in this conversation: no data from our catalog was looked up again for this answer."
    : "No data from our catalog was looked up for this answer.";
}
