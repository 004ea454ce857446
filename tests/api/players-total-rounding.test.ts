import { beforeAll, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * One total of the same players (issue 9 §2): the PC players on the platforms' stats and Market
 * Activity on the overview both add up the games' latest monthly means. Summed after rounding each
 * game, the platforms read 5,747,592 where the overview read 5,747,588; both now sum, then round.
 */

let cookie: string;
let ids: string[];

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  // Three games at 100.4 average players in February 2022 (and January): 301.2 in all, 300 if each
  // game were rounded first.
  ({ ids } = await upsertGames(
    [1, 2, 3].map((n) => ({ name: `Monthly game ${n}`, steamAppId: 9000 + n, platforms: ["PC"] })),
    "steamcharts-csv",
  ));
  await recordMetrics(
    ids.flatMap((gameId) =>
      [Date.UTC(2022, 0, 1), Date.UTC(2022, 1, 1)].map((ts) => ({
        gameId,
        metric: "players" as const,
        ts: new Date(ts),
        value: 100.4,
        period: "month" as const,
        source: "steamcharts-csv",
      })),
    ),
  );
});

test("the platforms' PC players and the overview's Market Activity are one total", async () => {
  const stats = await (await request("/api/platforms/stats", { cookie })).json();
  const pc = stats.find((p: { platform: string }) => p.platform === "PC");
  const overview = await (await request("/api/analytics/overview", { cookie })).json();
  expect(overview.marketActivity.basis).toBe("month");
  expect(overview.marketActivity.players).toBe(301);
  expect(pc.players).toBe(301);
  expect(pc.playerGames).toBe(overview.marketActivity.games);
});

test("a newer players point moves the total at the next request, still summed before rounding", async () => {
  // The total is summed in the catalog index's memory (review 19, item 6): the point's game row is
  // refreshed with it, and the index follows the row, with its unrounded figure.
  await recordMetrics([
    {
      gameId: ids[0]!,
      metric: "players",
      ts: new Date(Date.UTC(2022, 2, 1)),
      value: 200.45,
      period: "month",
      source: "steamcharts-csv",
    },
  ]);
  const stats = await (await request("/api/platforms/stats", { cookie })).json();
  const pc = stats.find((p: { platform: string }) => p.platform === "PC");
  // 200.45 + 100.4 + 100.4 = 401.25; each game rounded first would give 400.
  expect(pc).toMatchObject({ players: 401, playerGames: 3 });
});
