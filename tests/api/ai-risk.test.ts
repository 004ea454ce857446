import { beforeAll, expect, test } from "vitest";
import { RECOMMENDED_ACTIONS } from "../../src/contracts/ai.ts";
import { MIN_VOLATILITY_DAYS } from "../../src/server/ai/engine.ts";
import { analystTools, newLedger } from "../../src/server/ai/tools.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { premiumWatchingMonthlyGame } from "../helpers/monthly-players.ts";

/**
 * Risk needs a series: a game with a single monthly point (SteamCharts' February 2022 excerpt) has
 * no measurable swings, so its volatility is unknown and its risk high, as the methodology says.
 */
let premium: TestUser;
let lostArk: string;

beforeAll(async () => {
  ({ premium, gameId: lostArk } = await premiumWatchingMonthlyGame());
});

test("one monthly point: volatility unknown, risk high, with the reason", async () => {
  const res = await request("/api/ai/analyze-games", { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  const body = await res.json();
  const item = body.analysis.find((a: { gameId: string }) => a.gameId === lostArk);
  expect(item.recommendations.riskLevel).toBe("high");
  // A monthly mean is not a day of players; the reason names what the game has, with its source and month.
  expect(item.recommendations.reasoning).toBe(
    "Monthly averages only (SteamCharts, newest Feb 2022): no daily player averages to measure its swings, high risk until there are.",
  );
  expect(item.recommendations.reasoning).not.toMatch(/vary by 0%/);
  // Spec §4: the action is one of buy, hold, sell, watch; without a projection, watch.
  expect(RECOMMENDED_ACTIONS).toContain(item.recommendations.action);
  expect(item.recommendations.action).toBe("watch");
});

test("game_facts (also by steam-<appid>) says the same: no volatility, high risk", async () => {
  const tools = analystTools(newLedger());
  const sheet = (await tools.game_facts.execute!(
    { gameId: "steam-1599340" },
    { toolCallId: "t", messages: [], context: {} },
  )) as Record<string, unknown> & { players: { daysOfHistory: number } };
  expect(sheet.gameId).toBe(lostArk);
  expect(sheet.players.daysOfHistory).toBe(0);
  expect(sheet.volatilityPct).toBeNull();
  expect(sheet.riskLevel).toBe("high");
});

test("the methodology states the minimum", async () => {
  const user = await createTestUser();
  const res = await request("/api/estimates/methodology", { cookie: user.cookie });
  expect(res.status).toBe(200);
  const risk = (await res.json()).aiFigures.find((f: { figure: string }) => f.figure === "Risk level");
  expect(risk.how).toContain(`fewer than ${MIN_VOLATILITY_DAYS} days of players in the last 30`);
});
