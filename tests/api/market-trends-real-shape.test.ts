import { describe, expect, test } from "vitest";
import { getMarketTrends, getOverviewFigures } from "../../src/server/catalog/market.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * Genre volatility on the shape of the public datasets (review r33-c #1): SteamCharts' monthly
 * averages for many games up to Feb 2022, a single day of counts newer than every series (a one-off
 * snapshot or a first live sync), and later a daily series that ends before that day. The tests in
 * this file run in order on one database.
 */
const DAY = 86_400_000;
const FEB_2022 = Date.UTC(2022, 1, 1);
const SNAPSHOT = Date.UTC(2023, 1, 28);
const DEC_14_2022 = Date.UTC(2022, 11, 14);

const monthStart = (back: number) => Date.UTC(2022, 1 - back, 1);

async function monthlyGenre(
  name: string,
  games: number,
  factor: (month: number) => number,
): Promise<string[]> {
  const { ids } = await upsertGames(
    Array.from({ length: games }, (_, i) => ({ name: `${name} Monthly ${i}`, genres: [name] })),
    "steamcharts-csv",
  );
  const points: MetricPoint[] = [];
  // Two years of monthly averages, Mar 2020 to Feb 2022, dated the 1st as SteamCharts' are.
  for (const id of ids)
    for (let back = 23; back >= 0; back--)
      points.push({
        gameId: id,
        metric: "players",
        ts: new Date(monthStart(back)),
        value: 1000 * factor(back),
        period: "month",
        source: "steamcharts-csv",
      });
  await recordMetrics(points);
  return ids;
}

describe("monthly series only, with a single-day snapshot newer than them", () => {
  test("volatility comes from the monthly averages, dated by their months, not an empty list", async () => {
    const calm = await monthlyGenre("Strategy", 4, (m) => 1 + 0.01 * (m % 2));
    await monthlyGenre("Action", 4, (m) => (m % 2 ? 1.3 : 1));
    await monthlyGenre("Sparse", 2, (m) => (m % 2 ? 2 : 0.5)); // too few games to score
    // One day of counts, a year after the series end.
    await recordMetrics(
      calm.map((gameId) => ({
        gameId,
        metric: "players" as const,
        ts: new Date(SNAPSHOT),
        value: 900,
        source: "steam-api",
      })),
    );

    // And one game's month after them (a one-row import): a month one game has is no genre's total.
    await recordMetrics([
      {
        gameId: calm[0]!,
        metric: "players",
        ts: new Date(Date.UTC(2022, 2, 1)),
        value: 50_000,
        period: "month",
        source: "steamcharts-csv",
      },
    ]);

    const trends = await getMarketTrends();
    expect(trends.map((t) => t.category).sort()).toEqual(["Action", "Strategy"]);
    const score = (c: string) => trends.find((t) => t.category === c)!.volatilityScore;
    expect(score("Strategy")).toBeLessThan(1);
    expect(score("Action")).toBeGreaterThan(score("Strategy"));
    for (const t of trends) {
      expect(t.games).toBe(4);
      // The period and source it covers: SteamCharts' months up to Feb 2022, never the snapshot's day.
      expect(t.provenance).toMatchObject({
        source: "SteamCharts",
        asOf: new Date(FEB_2022).toISOString(),
        asOfPrecision: "month",
      });
      expect(t.provenance!.method).toMatch(/month/);
      expect(t.provenance!.method).toContain("Mar 2021");
      expect(t.provenance!.method).toContain("Feb 2022");
    }

    const premium = await createTestUser({ role: "premium" });
    const res = await request("/api/analytics/market-trends", { cookie: premium.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(2);

    // The Overview's Market Volatility card: the score, and the period and source it covers.
    const { marketVolatility } = await getOverviewFigures();
    expect(marketVolatility.categories).toBe(2);
    expect(marketVolatility.score).not.toBeNull();
    expect(marketVolatility.provenance).toMatchObject({
      source: "SteamCharts",
      asOf: new Date(FEB_2022).toISOString(),
      asOfPrecision: "month",
    });
    expect(marketVolatility.provenance!.method).toContain("Mar 2021");
    expect(marketVolatility.provenance!.method).toContain("Feb 2022");
  });
});

describe("a daily series that ends before that snapshot", () => {
  test("the weekly window ends on the series' own newest day, not the snapshot's", async () => {
    const { ids } = await upsertGames(
      Array.from({ length: 3 }, (_, i) => ({ name: `Shooter Daily ${i}`, genres: ["Shooter"] })),
      "steamdb-csv",
    );
    const points: MetricPoint[] = [];
    for (const id of ids)
      for (let d = 0; d < 100; d++)
        points.push({
          gameId: id,
          metric: "players",
          ts: new Date(DEC_14_2022 - d * DAY),
          value: 1000 * (Math.floor(d / 7) % 2 ? 1.1 : 1),
          period: "day",
          source: "steamdb-csv",
        });
    await recordMetrics(points);

    const trends = await getMarketTrends();
    const shooter = trends.find((t) => t.category === "Shooter");
    expect(shooter).toBeDefined();
    expect(shooter!.games).toBe(3);
    expect(shooter!.provenance).toMatchObject({ asOf: new Date(DEC_14_2022).toISOString() });
    expect(shooter!.provenance!.method).toContain("Dec 14, 2022");
    expect(shooter!.provenance!.method).toMatch(/week/);
    // The snapshot's source is not in a window that ends before it, nor SteamCharts' monthly means.
    expect(shooter!.provenance!.source).toBe("SteamDB");
  });
});
