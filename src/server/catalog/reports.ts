import { and, desc, eq } from "drizzle-orm";
import {
  type GenreTrendRow,
  REPORT_TYPES,
  type Report,
  type ReportSummary,
  type ReportType,
  withoutVolatility,
} from "../../contracts/games.ts";
import type { PublicUser } from "../../contracts/roles.ts";
import { hasPremiumAccess } from "../../contracts/roles.ts";
import { db } from "../db/client.ts";
import { reports } from "../db/schema/index.ts";
import { HttpProblem } from "../http/problem.ts";
import { getMarketTrends, getOverviewFigures } from "./market.ts";
import { getTrendingGames } from "./trending.ts";
import { listUserGames } from "./watchlist.ts";

/** Reports a user generates from the data as it is now (the Overview's "Generate Report"). */
export { REPORT_TYPES, type ReportType };

async function buildReport(type: ReportType, userId: string): Promise<Record<string, unknown>> {
  switch (type) {
    case "market_overview": {
      const [figures, trending, trends] = await Promise.all([
        getOverviewFigures(),
        getTrendingGames(),
        getMarketTrends(),
      ]);
      return {
        marketActivity: figures.marketActivity,
        dataAsOf: figures.dataAsOf,
        topTrending: trending.slice(0, 10),
        largestGenres: trends.slice(0, 8),
      };
    }
    case "watchlist_summary": {
      const [tracked, trending] = await Promise.all([listUserGames(userId), getTrendingGames()]);
      const growth = new Map(trending.map((t) => [t.gameId, t.growth]));
      return {
        games: tracked.map((g) => ({
          gameId: g.gameId,
          gameName: g.gameName,
          playerCount: g.playerCount,
          price: g.price,
          growth: growth.get(g.gameId) ?? null,
        })),
        trackedCount: tracked.length,
        trendingInWatchlist: tracked.filter((g) => growth.has(g.gameId)).length,
      };
    }
    case "genre_trends": {
      const trends = await getMarketTrends();
      return {
        genres: trends,
        mostVolatile: [...trends].sort((a, b) => b.volatilityScore - a.volatilityScore).slice(0, 5),
      };
    }
  }
}

/**
 * A report as `user` may read it: genre volatility is a premium figure (ADR 020), so a regular user's
 * genres come without it and a genre trends report without its most volatile genres. Applied when a
 * report is stored and again when it is read, so a user demoted since does not read it either.
 */
function forReader(user: Pick<PublicUser, "role">, data: Record<string, unknown>): Record<string, unknown> {
  if (hasPremiumAccess(user)) return data;
  const { mostVolatile: _, ...rest } = data;
  for (const key of ["largestGenres", "genres"] as const) {
    const genres = rest[key] as GenreTrendRow[] | undefined;
    if (Array.isArray(genres)) rest[key] = genres.map(withoutVolatility);
  }
  return rest;
}

export async function generateReport(
  user: Pick<PublicUser, "id" | "role">,
  reportType: ReportType,
): Promise<Report> {
  const data = forReader(user, await buildReport(reportType, user.id));
  const [row] = await db()
    .insert(reports)
    .values({ id: crypto.randomUUID(), userId: user.id, reportType, data })
    .returning();
  return {
    id: row!.id,
    reportType: row!.reportType,
    generatedAt: row!.generatedAt.toISOString(),
    data: row!.data,
  };
}

export async function listReports(userId: string): Promise<ReportSummary[]> {
  const rows = await db()
    .select({ id: reports.id, reportType: reports.reportType, generatedAt: reports.generatedAt })
    .from(reports)
    .where(eq(reports.userId, userId))
    .orderBy(desc(reports.generatedAt));
  return rows.map((r) => ({ ...r, generatedAt: r.generatedAt.toISOString() }));
}

export async function getReport(user: Pick<PublicUser, "id" | "role">, id: string): Promise<Report> {
  const [row] = await db()
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.userId, user.id)))
    .limit(1);
  if (!row) throw new HttpProblem(404, "No such report");
  return {
    id: row.id,
    reportType: row.reportType,
    generatedAt: row.generatedAt.toISOString(),
    data: row.data == null ? row.data : forReader(user, row.data as Record<string, unknown>),
  };
}
