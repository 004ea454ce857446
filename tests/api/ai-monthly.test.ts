import { beforeAll, expect, test } from "vitest";
import { MIN_PROJECTION_DAYS } from "../../src/server/ai/engine.ts";
import { analystTools, newLedger } from "../../src/server/ai/tools.ts";
import { request, type TestUser } from "../helpers/api.ts";
import { premiumWatchingMonthlyGame } from "../helpers/monthly-players.ts";

/**
 * Monthly player series (SteamCharts: one mean per month, dated the 1st) are not days: no AI
 * projection rests on them. The methodology's minimum of MIN_PROJECTION_DAYS days of daily or live
 * counts holds for market insights, game analysis and the chat's tools alike.
 */
let premium: TestUser;
let lostArk: string;

beforeAll(async () => {
  ({ premium, gameId: lostArk } = await premiumWatchingMonthlyGame());
});

test("market insights: monthly figures only, so no projection, the lowest confidence and why", async () => {
  const res = await request("/api/ai/market-insights", { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  const body = await res.json();
  const why = `Projections need at least ${MIN_PROJECTION_DAYS} days of daily player counts; the catalog has monthly figures only.`;
  expect(body.insights.predictions).toEqual({ nextMonth: why, nextQuarter: why });
  expect(JSON.stringify(body.insights)).not.toMatch(/daily players \(/);
  expect(body.metadata.confidence).toBe(0.1);
  expect(body.metadata.confidenceBasis).not.toMatch(/daily player points over \d+ days/);
  expect(body.metadata.confidenceBasis).toMatch(/^No projection: projections need at least 7 days/);
  expect(body.metadata.confidenceBasis).toMatch(/monthly player figures are not days/);
});

test("game analysis: no projection for a game with monthly figures, its month on month change stated as such", async () => {
  const res = await request("/api/ai/analyze-games", { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  const item = (await res.json()).analysis.find((a: { gameId: string }) => a.gameId === lostArk);
  expect(item.marketPrediction).toMatchObject({
    trend: "neutral",
    direction: "unknown",
    projectedPlayers: null,
    fit: null,
  });
  expect(item.marketPrediction.reasoning).toMatch(
    new RegExp(
      `^Projections need at least ${MIN_PROJECTION_DAYS} days of daily player averages; this game has monthly averages only \\(SteamCharts, newest Feb 2022\\), no daily player averages\\.`,
    ),
  );
  expect(item.marketPrediction.reasoning).not.toMatch(/daily players/);
});

test("the chat's tools: no days of history, no projection; growth from monthly means is trending's, named as such", async () => {
  const tools = analystTools(newLedger());
  const ctx = { toolCallId: "t", messages: [], context: {} };
  const sheet = (await tools.game_facts.execute!({ gameId: lostArk }, ctx)) as Record<string, unknown> & {
    players: { daysOfHistory: number; averageLast7Days: number | null };
    monthlyPlayers: { month: string; averagePlayers: number } | null;
  };
  expect(sheet.players.daysOfHistory).toBe(0);
  expect(sheet.players.averageLast7Days).toBeNull();
  expect(sheet.projection).toBeNull();
  expect(sheet.monthlyPlayers).toMatchObject({ month: "2022-02", averagePlayers: 699094 });
  const screened = (await tools.screen_games.execute!({}, ctx)) as {
    games: Array<{
      growthPct: number | null;
      growthPeriod: string | null;
      growthSource?: string;
      averageDailyPlayers: number | null;
    }>;
  };
  expect(screened.games.length).toBeGreaterThan(0);
  for (const g of screened.games) {
    // A month's mean is no day's players; a growth from it is the latest month against the one before.
    expect(g.averageDailyPlayers).toBeNull();
    if (g.growthPct != null)
      expect(g).toMatchObject({
        growthPeriod: "avg. players, latest month vs. the month before",
        growthSource: "SteamCharts",
      });
    else expect(g.growthPeriod).toBeNull();
  }
});
