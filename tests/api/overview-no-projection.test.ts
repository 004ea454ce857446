import { beforeAll, expect, test } from "vitest";
import type { OverviewFigures } from "../../src/contracts/games.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

// Review r23-a, item 6: with SteamCharts' monthly averages (to Feb 2022) and daily peaks (SteamDB to
// Dec 2022, SteamSpy to May 2023), nothing can be projected; `aiPredictions` answered 0 rising, 0
// declining of 0 credited to SteamCharts, and the card's note named the monthly averages only. The
// Market Volatility card's source line was Market Activity's.
let premium: TestUser;
const FEB_2022 = Date.UTC(2022, 1, 1);
const DEC_14_2022 = Date.UTC(2022, 11, 14);
const MAY_31_2023 = Date.UTC(2023, 4, 31);

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const { ids } = await upsertGames(
    Array.from({ length: 4 }, (_, i) => ({ name: `Monthly Game ${i}`, genres: ["Action"] })),
    "steamcharts-csv",
  );
  await recordMetrics([
    ...ids.flatMap((gameId, i) =>
      [Date.UTC(2021, 11, 1), Date.UTC(2022, 0, 1), FEB_2022].map((ts) => ({
        gameId,
        metric: "players" as const,
        ts: new Date(ts),
        value: 1_000 * (i + 1),
        period: "month" as const,
        source: "steamcharts-csv",
      })),
    ),
    {
      gameId: ids[0]!,
      metric: "players_peak",
      ts: new Date(DEC_14_2022),
      value: 9_000,
      period: "day",
      source: "steamdb-csv",
    },
    {
      gameId: ids[1]!,
      metric: "players_peak",
      ts: new Date(MAY_31_2023),
      value: 7_000,
      period: "day",
      source: "steamspy-csv",
    },
  ]);
});

test("nothing projectable: the counts are null, and every player figure held is named with its own date", async () => {
  const res = await request("/api/analytics/overview", { cookie: premium.cookie });
  expect(res.status).toBe(200);
  const overview = (await res.json()) as Required<OverviewFigures>;
  const p = overview.aiPredictions;
  expect(p).toMatchObject({ rising: null, stable: null, declining: null, projected: null, minDays: 7 });
  expect(p.playerData).toEqual([
    { source: "Steam via SteamSpy (dataset)", measure: "peak", asOf: new Date(MAY_31_2023).toISOString() },
    { source: "SteamDB", measure: "peak", asOf: new Date(DEC_14_2022).toISOString() },
    { source: "SteamCharts", measure: "month", asOf: new Date(FEB_2022).toISOString() },
  ]);
  // Credited to the figures it looked at, not to SteamCharts alone for counts of 0.
  expect(p.provenance.source).not.toBe("SteamCharts");
  expect(p.provenance.method).toMatch(/^no game projected: .*SteamCharts: monthly averages to 2022-02/);
  // Market Volatility has its own source line, not Market Activity's method.
  expect(overview.marketActivity.provenance?.method).toMatch(
    /total of the games' average players in 2022-02/,
  );
  expect(overview.marketVolatility.provenance?.method).toMatch(/^no genre scored: /);
  expect(overview.marketVolatility.provenance?.method).not.toBe(overview.marketActivity.provenance?.method);
});
