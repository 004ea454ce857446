import { beforeAll, expect, test } from "vitest";
import type { ScreenerPage } from "../../src/contracts/market.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, csvRows, request, type TestUser } from "../helpers/api.ts";

// Report r22-a, item 1: a game whose only player figures are daily peaks (ELDEN RING: SteamSpy's
// `ccu`, SteamDB's daily peaks) read "Players (peak, 1 day) 39.1K" on its page while the screener
// answered `players: null, playersFigure: null`. The row now carries the page's peak, named as one.
let premium: TestUser;
let peaksOnly: string;
const MAY_31_2023 = new Date(Date.UTC(2023, 4, 31));

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const { ids } = await upsertGames(
    [{ name: "Peak Ring Quest" }, { name: "Counted Ring Quest" }],
    "steamspy-csv",
  );
  peaksOnly = ids[0]!;
  await recordMetrics([
    // SteamDB's daily peaks of 2022, then SteamSpy's `ccu` (the day before its report) of May 2023.
    {
      gameId: peaksOnly,
      metric: "players_peak",
      ts: new Date(Date.UTC(2022, 2, 5)),
      value: 953_426,
      period: "day",
      source: "steamdb-csv",
    },
    {
      gameId: peaksOnly,
      metric: "players_peak",
      ts: MAY_31_2023,
      value: 39_100,
      period: "day",
      source: "steamspy-csv",
    },
    {
      gameId: ids[1]!,
      metric: "players",
      ts: MAY_31_2023,
      value: 1_000,
      period: "month",
      source: "steamcharts-csv",
    },
  ]);
});

test("a game with daily peaks only shows the game page's peak, with its measure, source and date", async () => {
  const game = (await (await request(`/api/games/${peaksOnly}`, { cookie: premium.cookie })).json()) as {
    players: { latest: null; peak: { value: number; at: string; days: number; source: string } };
  };
  expect(game.players.latest).toBeNull();
  const page = (await (
    await request("/api/market/screener?q=Ring%20Quest&sort=name&order=asc", { cookie: premium.cookie })
  ).json()) as ScreenerPage;
  const row = page.rows.find((r) => r.name === "Peak Ring Quest");
  // Shown as the page shows it, and `players` is that figure, as in the CSV (report r23-a #3).
  expect(row?.players).toBe(39_100);
  expect(row?.playersFigure).toEqual({
    value: 39_100,
    at: MAY_31_2023.toISOString(),
    measure: "peak",
    period: "day",
    days: 1,
    source: game.players.peak.source,
  });
  expect(game.players.peak).toMatchObject({ value: 39_100, at: MAY_31_2023.toISOString(), days: 1 });
  expect(row?.playersFigure && "source" in row.playersFigure && row.playersFigure.source).toMatch(/SteamSpy/);
  // A month's average has the same shape (review r26-a #3).
  expect(page.rows.find((r) => r.name === "Counted Ring Quest")?.playersFigure).toEqual({
    value: 1_000,
    at: MAY_31_2023.toISOString(),
    measure: "average",
    period: "month",
    source: "SteamCharts",
    // SteamCharts' newest month in this catalog: the month in progress when its file was taken.
    partial: true,
  });

  const rows = await csvRows("/api/market/screener?format=csv&q=Peak%20Ring%20Quest&columns=name,players", {
    cookie: premium.cookie,
  });
  const cells = new Map(rows.slice(1).map((r) => [r[2], r.slice(3)]));
  expect(cells.get("Peak Ring Quest")).toEqual(["39100", "peak, 1 day", MAY_31_2023.toISOString()]);
});
