import { count, eq } from "drizzle-orm";
import { db, rawClient } from "../db/client.ts";
import { games, type Metric, reports, userGames } from "../db/schema/index.ts";

/** Counts that several screens and the realtime stats share. */
export async function countGames(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(games);
  return row?.n ?? 0;
}

export const DAY_MS = 86_400_000;

/** The largest figure kept (2^53 − 1): past it a count is no longer exact, and no price or sale is near it. */
export const MAX_FIGURE = Number.MAX_SAFE_INTEGER;

/**
 * Whether a number can be a stored figure (a price, count or sales figure): finite, 0 or more, at most
 * MAX_FIGURE. The importers refuse a row with any other (RowCheck); the estimates read one as unknown.
 */
export const isPossibleFigure = (n: number): boolean => Number.isFinite(n) && n >= 0 && n <= MAX_FIGURE;

/**
 * The player series by day (`player_days`, migrations/0019_player-days.sql) counts whole UTC days since
 * 1970. A window "after time t" is the days that start after t (`day > lastDayUpTo(t)`); "from t" the
 * days that start at t or later (`day >= firstDayFrom(t)`). For points recorded at midnight, as daily
 * and monthly sources give them, that is exactly the points after (or from) t.
 */
export const lastDayUpTo = (t: number): number => Math.floor(t / DAY_MS);
export const firstDayFrom = (t: number): number => Math.ceil(t / DAY_MS);

/** Midnight UTC of `now`'s day: the time of a source's once-a-day figures. */
export function startOfUtcDay(now: Date): Date {
  return new Date(lastDayUpTo(now.getTime()) * DAY_MS);
}

/** The metrics `player_days` sums by day (its triggers, migrations/0019_player-days.sql). */
export const PLAYER_DAY_METRICS: readonly Metric[] = ["players", "players_peak"];

/** When the newest player point was recorded (ms since the epoch), or 0 when there is none. */
export async function newestPlayerPoint(): Promise<number> {
  const rs = await rawClient().execute("SELECT max(ts) AS ts FROM game_metrics WHERE metric = 'players'");
  return Number(rs.rows[0]?.ts ?? 0);
}

export async function countTrackedGames(userId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(userGames).where(eq(userGames.userId, userId));
  return row?.n ?? 0;
}

export async function countReports(userId?: string): Promise<number> {
  const query = db().select({ n: count() }).from(reports);
  const [row] = await (userId ? query.where(eq(reports.userId, userId)) : query);
  return row?.n ?? 0;
}
