import type { UserStats } from "../../contracts/settings.ts";
import { countReports, countTrackedGames } from "../catalog/stats.ts";
import type { UserRow } from "../db/schema/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since the account was created, the first day counting as day 1. */
export function daysActive(createdAt: Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS)) + 1;
}

/** `GET /api/user/stats` (spec §3 "User stats"): counted from the user's own rows. */
export async function getUserStats(user: UserRow): Promise<UserStats> {
  const [trackedGames, reportsGenerated] = await Promise.all([
    countTrackedGames(user.id),
    countReports(user.id),
  ]);
  return { trackedGames, reportsGenerated, daysActive: daysActive(user.createdAt) };
}
