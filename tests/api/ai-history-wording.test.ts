import { beforeAll, expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { importSteamChartsCsv } from "../../src/server/importers/steamcharts.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Game Analysis on imported history only (SteamCharts monthly averages to Feb 2022, SteamDB daily
 * peaks to Dec 2022, no live syncs): no projection and high risk, but the reason names what each
 * game has, by source and newest date, instead of "monthly figures only" for a game whose page
 * charts years of daily peaks.
 */
const DATA = new URL("../fixtures/datasets/steamcharts/", import.meta.url).pathname;
let premium: TestUser;
const idOf: Record<string, string> = {};

beforeAll(async () => {
  await importSteamChartsCsv(`${DATA}steamcharts_monthly_top1000_2022-02.csv`);
  await importSteamChartsCsv(`${DATA}steamdb_daily_ccu_top10_2011-2022.csv`);
  const rs = await rawClient().execute(
    "SELECT id, steam_app_id FROM games WHERE steam_app_id IN (570, 1599340)",
  );
  for (const r of rs.rows) idOf[String(r.steam_app_id)] = String(r.id);
  premium = await createTestUser({ role: "premium" });
  for (const gameId of Object.values(idOf))
    await request("/api/user/games", { method: "POST", cookie: premium.cookie, json: { gameId } });
});

test("each game's reason names the history it has: daily peaks (SteamDB, to their last day), monthly averages (SteamCharts, newest month)", async () => {
  const res = await request("/api/ai/analyze-games", { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  const analysis: Array<{
    gameId: string;
    marketPrediction: { trend: string; direction: string; reasoning: string };
    recommendations: { riskLevel: string; reasoning: string };
  }> = (await res.json()).analysis;
  const of = (appId: string) => analysis.find((a) => a.gameId === idOf[appId])!;
  const dota = of("570");
  expect(dota.marketPrediction).toMatchObject({ trend: "neutral", direction: "unknown" });
  expect(dota.marketPrediction.reasoning).toMatch(
    /^Projections need at least 7 days of daily player averages; this game has daily peaks only \(SteamDB, to 14 Dec 2022\) and monthly averages \(SteamCharts, newest Feb 2022\), no daily player averages\./,
  );
  expect(dota.recommendations.reasoning).toBe(
    "Daily peaks only (SteamDB, to 14 Dec 2022) and monthly averages (SteamCharts, newest Feb 2022): no daily player averages to measure its swings, high risk until there are.",
  );
  expect(dota.recommendations.reasoning).not.toMatch(/Monthly player figures only|no daily series/);
  // Lost Ark: both too, its peaks to the same last day.
  const lostArk = of("1599340");
  expect(lostArk.recommendations.reasoning).toMatch(/^Daily peaks only \(SteamDB, to 14 Dec 2022\)/);
});
