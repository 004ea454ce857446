import { beforeAll, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * The analyses' data sources give each source its own date (a 2019 snapshot and a 2023 dataset are
 * not one "…, … · Jun 2023" entry), name the daily peaks the analysis quotes, and list the per-game
 * estimates only where the analysis' facts hold some (Game Analysis, not Market Insights).
 */
const MAY_2019 = Date.UTC(2019, 4, 1);
const DEC_2022 = Date.UTC(2022, 11, 14);
const JUNE_2023 = Date.UTC(2023, 5, 1);
let premium: TestUser;

beforeAll(async () => {
  const { ids } = await upsertGames(
    [
      {
        name: "Counter Strike Global Offensive",
        steamAppId: 730,
        releaseDate: "2012-08-21",
        platforms: ["PC"],
        genres: ["Action"],
        positiveReviews: 888,
        negativeReviews: 112,
        rating: 88.8,
        ratingCount: 1000,
        price: 0,
      },
    ],
    "steam-store-csv",
  );
  const gameId = ids[0]!;
  const point = (metric: string, ts: number, value: number, source: string, period = "instant") =>
    ({ gameId, metric, ts: new Date(ts), value, period, source }) as Parameters<
      typeof recordMetrics
    >[0][number];
  await recordMetrics([
    point("reviews_positive", MAY_2019, 888, "steam-store-csv"),
    point("reviews_negative", MAY_2019, 112, "steam-store-csv"),
    point("price", MAY_2019, 0, "steam-store-csv"),
    point("owners", JUNE_2023, 75_000_000, "steamspy-csv"),
    point("players_peak", DEC_2022, 1_000_000, "steamdb-csv", "day"),
  ]);
  await recomputeEstimates({ force: true });
  premium = await createTestUser({ role: "premium" });
  await request("/api/user/games", { method: "POST", cookie: premium.cookie, json: { gameId } });
});

const sourcesOf = async (path: string): Promise<Array<{ source: string; asOf: string | null }>> => {
  const res = await request(path, { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  return (await res.json()).metadata.sources;
};

test("game analysis dates each source apart, names the daily peaks it quotes and its estimates", async () => {
  const sources = await sourcesOf("/api/ai/analyze-games");
  expect(sources).toContainEqual({
    source: "Steam Store Games (Kaggle, CC BY 4.0)",
    asOf: new Date(MAY_2019).toISOString(),
  });
  expect(sources).toContainEqual({
    source: "Steam via SteamSpy (dataset)",
    asOf: new Date(JUNE_2023).toISOString(),
  });
  expect(sources.find((s) => s.source === "SteamDB")?.asOf?.slice(0, 10)).toBe("2022-12-14");
  expect(sources.filter((s) => s.source.includes(", Steam via"))).toEqual([]);
  expect(sources.map((s) => s.source)).toContain("Estimates per game");
});

test("market insights, whose facts hold no estimates, do not list them", async () => {
  const sources = await sourcesOf("/api/ai/market-insights");
  expect(sources.map((s) => s.source)).not.toContain("Estimates per game");
  expect(sources.filter((s) => s.source.includes(", Steam via"))).toEqual([]);
});
