import { beforeAll, expect, test } from "vitest";
import { importSteamChartsCsv } from "../../src/server/importers/steamcharts.ts";
import { request, type TestUser } from "../helpers/api.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";
import { premiumWatchingMonthlyGame } from "../helpers/monthly-players.ts";

/**
 * Market Insights on imported history only (SteamCharts monthly averages to Feb 2022, SteamDB daily
 * peaks to Dec 2022, no live syncs): no day of daily players, so genre momentum and volatility are not
 * measured. It says so plainly, naming the newest player data held, and a model's sentence restating
 * zero counts ("rests on 0 daily player points over 0 days") is not shown as an insight.
 */
const llm = withFakeLlm();
const DATA = new URL("../fixtures/datasets/steamcharts/", import.meta.url).pathname;
let premium: TestUser;

beforeAll(async () => {
  ({ premium } = await premiumWatchingMonthlyGame());
  await importSteamChartsCsv(`${DATA}steamdb_daily_ccu_top10_2011-2022.csv`);
});

/** Market Insights from the statistics alone: the model answers 503 to every try. */
async function insightsWithoutModel() {
  llm.queue.push(
    { kind: "status", status: 503 },
    { kind: "status", status: 503 },
    { kind: "status", status: 503 },
  );
  const res = await request("/api/ai/market-insights", { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  return res.json();
}

const WHY =
  "Genre momentum and volatility need daily player averages from the live syncs, and the catalog has none; its newest player data: SteamDB daily peak players to 14 Dec 2022; SteamCharts monthly average players to Feb 2022.";

test("the model's answer: the plain statement first, its zero-count sentence not shown, no zero counts in its facts", async () => {
  const res = await request("/api/ai/market-insights", { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.metadata.languageModel).toBe("used");
  const prompt = llm.requests[0]!.body.messages.find((m: { role: string }) => m.role === "user").content;
  expect(prompt).not.toMatch(/"dataPoints":0|"days":0/);
  expect(prompt).toContain("need daily player averages from the live syncs");
  expect(body.insights.keyInsights[0]).toBe(WHY);
  expect(body.insights.keyInsights.join(" ")).not.toMatch(/\b0 daily player points|over 0 days/);
  expect(body.insights.marketVolatility).toBeNull();
  expect(body.insights.trendingGenres).toEqual([]);
  expect(body.metadata.dataPoints).toBe(0);
});

test("the statistics alone (the model unavailable) say the same", async () => {
  const body = await insightsWithoutModel();
  expect(body.insights.keyInsights).toEqual([WHY]);
});

// Review 20 C, item 11: the projections said "the catalog has monthly figures only" beside a key
// insight naming SteamDB's daily peaks to 14 Dec 2022.
test("the projections' reason names the daily peaks held, not monthly figures only", async () => {
  // The statistics' own words (the model unavailable).
  const body = await insightsWithoutModel();
  const why =
    "Projections need at least 7 days of daily player counts; the catalog has monthly averages and daily peaks only, no daily player averages.";
  expect(body.insights.predictions).toEqual({ nextMonth: why, nextQuarter: why });
  expect(JSON.stringify(body)).not.toMatch(/monthly figures only/);
});
