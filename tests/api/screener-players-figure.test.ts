import { beforeAll, expect, test } from "vitest";
import type { ScreenerPage } from "../../src/contracts/market.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, csvRows, request, type TestUser } from "../helpers/api.ts";

// Review 19, item 16: the screener called SteamCharts' monthly average "Players (latest)", a count
// beside the cards' "avg. players, Feb 2022"; its rows and CSV now say which figure it is, and when.
let premium: TestUser;
const FEB_2022 = new Date(Date.UTC(2022, 1, 1));
const JUNE_2023 = new Date(Date.UTC(2023, 5, 1));

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  await upsertGames(
    [
      { name: "Monthly Figure Quest", steamAppId: 993_001, currentPlayers: 450_200 },
      { name: "Daily Figure Quest", steamAppId: 993_002, currentPlayers: 1_200 },
      { name: "No Figure Quest", steamAppId: 993_003 },
      { name: "Tied Figure Quest", steamAppId: 993_004 },
    ],
    "steamspy-csv",
  );
  const idOf = async (appId: number) =>
    (
      (await (await request(`/api/games/steam-${appId}`, { cookie: premium.cookie })).json()) as {
        id: string;
      }
    ).id;
  await recordMetrics([
    {
      gameId: await idOf(993_001),
      metric: "players",
      ts: FEB_2022,
      value: 450_200,
      period: "month",
      source: "steamcharts-csv",
    },
    {
      gameId: await idOf(993_002),
      metric: "players",
      ts: JUNE_2023,
      value: 1_200,
      period: "day",
      source: "steamspy-csv",
    },
    // Two sources' points at the same time: a month's average and a day's count.
    {
      gameId: await idOf(993_004),
      metric: "players",
      ts: JUNE_2023,
      value: 800,
      period: "month",
      source: "steamcharts-csv",
    },
    {
      gameId: await idOf(993_004),
      metric: "players",
      ts: JUNE_2023,
      value: 900,
      period: "day",
      source: "steamspy-csv",
    },
  ]);
});

test("each row names its players figure: a month's average with its month, a count with its day", async () => {
  const page = (await (
    await request("/api/market/screener?q=Figure%20Quest&sort=name&order=asc", { cookie: premium.cookie })
  ).json()) as ScreenerPage;
  const byName = new Map(page.rows.map((r) => [r.name, r]));
  expect(byName.get("Monthly Figure Quest")?.playersFigure).toEqual({
    value: 450_200,
    at: FEB_2022.toISOString(),
    measure: "average",
    period: "month",
    source: expect.any(String),
  });
  expect(byName.get("Daily Figure Quest")?.playersFigure).toMatchObject({
    value: 1_200,
    at: JUNE_2023.toISOString(),
    measure: "count",
  });
  expect(byName.get("No Figure Quest")?.playersFigure).toBeNull();

  const rows = await csvRows(
    "/api/market/screener?format=csv&q=Figure%20Quest&sort=name&order=asc&columns=name,players",
    { cookie: premium.cookie },
  );
  expect(rows[0]).toEqual([
    "id",
    "steamAppId",
    "name",
    "players (players)",
    "playersFigure",
    "playersAt (ISO time)",
  ]);
  const cells = new Map(rows.slice(1).map((r) => [r[2], r.slice(3)]));
  expect(cells.get("Daily Figure Quest")).toEqual(["1200", "count", JUNE_2023.toISOString()]);
  expect(cells.get("Monthly Figure Quest")).toEqual(["450200", "month (average)", FEB_2022.toISOString()]);
  expect(cells.get("No Figure Quest")).toEqual(["", "", ""]);
});

test("of two sources' points at the newest time, the game page's latest count is the row's count", async () => {
  const page = (await (
    await request("/api/market/screener?q=Tied%20Figure%20Quest", { cookie: premium.cookie })
  ).json()) as ScreenerPage;
  const row = page.rows.find((r) => r.name === "Tied Figure Quest");
  const game = (await (await request("/api/games/steam-993004", { cookie: premium.cookie })).json()) as {
    playerCount: number;
    players: { latest: { value: number; at: string; period?: string } };
  };
  expect(row?.players).toBe(900);
  // The row's figure is that point, named as the game page names it: a day's count, not the month's average.
  expect(row?.playersFigure).toEqual({
    value: 900,
    at: JUNE_2023.toISOString(),
    measure: "count",
    period: "day",
    source: "Steam via SteamSpy (dataset)",
  });
  expect(game.playerCount).toBe(900);
  expect(game.players.latest).toEqual({
    value: 900,
    at: JUNE_2023.toISOString(),
    period: "day",
    source: "Steam via SteamSpy (dataset)",
  });
});
