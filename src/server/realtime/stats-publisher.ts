import type { AnalyticsStats } from "../../contracts/realtime.ts";
import { countAiAnalyses } from "../ai/service.ts";
import { countGames, countReports } from "../catalog/stats.ts";
import { log } from "../log.ts";
import { connectionStats, provideCurrentValue, publish, subscriberCount } from "./hub.ts";

export const STATS_INTERVAL_MS = 5000;

/** Real figures for the `analytics_stats` channel (spec §3 "Real-time stats"). */
export async function collectStats(): Promise<AnalyticsStats> {
  const { activeUsers, connections } = connectionStats();
  // Analyses run: the reports users generated and the AI analyses they ran.
  const [gamesAnalyzed, reports, analyses] = await Promise.all([
    countGames(),
    countReports(),
    countAiAnalyses(),
  ]);
  return { activeUsers, connections, gamesAnalyzed, aiAnalyses: reports + analyses };
}

/**
 * Publishes stats every few seconds while anyone listens, and answers a new subscriber with the
 * figures of the moment; returns a stop function.
 */
export function startStatsPublisher(intervalMs = STATS_INTERVAL_MS): () => void {
  const withdraw = provideCurrentValue("analytics_stats", collectStats);
  let running = false;
  const timer = setInterval(async () => {
    if (running || subscriberCount("analytics_stats") === 0) return;
    running = true;
    try {
      publish("analytics_stats", await collectStats());
    } catch (error) {
      log.warn("analytics_stats: could not collect", { error: String(error) });
    } finally {
      running = false;
    }
  }, intervalMs);
  return () => {
    clearInterval(timer);
    withdraw();
  };
}
