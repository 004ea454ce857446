import { rawClient } from "../../src/server/db/client.ts";
import { importSteamChartsCsv } from "../../src/server/importers/steamcharts.ts";
import { createTestUser, request, type TestUser } from "./api.ts";

const DATA = new URL("../fixtures/datasets/steamcharts/", import.meta.url).pathname;

/**
 * The SteamCharts monthly excerpt imported (one mean per month, dated the 1st), and a Premium user
 * whose watchlist holds Lost Ark (Steam app 1599340), which has a single monthly point in it.
 */
export async function premiumWatchingMonthlyGame(): Promise<{ premium: TestUser; gameId: string }> {
  await importSteamChartsCsv(`${DATA}steamcharts_monthly_top1000_2022-02.csv`);
  const rs = await rawClient().execute("SELECT id FROM games WHERE steam_app_id = 1599340");
  const gameId = String(rs.rows[0]!.id);
  const premium = await createTestUser({ role: "premium" });
  await request("/api/user/games", { method: "POST", cookie: premium.cookie, json: { gameId } });
  return { premium, gameId };
}
