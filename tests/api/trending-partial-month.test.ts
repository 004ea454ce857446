import { beforeAll, expect, test } from "vitest";
import type { TrendingGame } from "../../src/contracts/games.ts";
import type { IgdbGame } from "../../src/contracts/sources.ts";
import { NEWEST_MONTH_SQL } from "../../src/server/catalog/in-progress-months.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

// Report r25 #4: SteamCharts lists the month in progress as its newest, so a file scraped in mid-
// February 2022 ends inside Feb 2022, and trending set that part of a month against all of January as
// "latest month vs. the month before". The source's newest month is now marked partial wherever the
// comparison is answered; a game whose series ended in an earlier, whole month is not.
const month = (m: number) => new Date(Date.UTC(2022, m, 1));
let user: TestUser;
let ids: string[];

beforeAll(async () => {
  user = await createTestUser();
  ({ ids } = await upsertGames([{ name: "Midmonth Rise Saga" }, { name: "Whole Month Rise Saga" }], "test"));
  const point = (gameId: string, m: number, value: number): MetricPoint => ({
    gameId,
    metric: "players",
    ts: month(m),
    value,
    period: "month",
    source: "steamcharts-csv",
  });
  await recordMetrics([
    point(ids[0]!, 0, 10_000),
    point(ids[0]!, 1, 20_000),
    // Ends in January: its latest month is whole (the file went on to February).
    point(ids[1]!, -1, 4_000), // Dec 2021
    point(ids[1]!, 0, 6_000),
  ]);
  await request("/api/user/games", { cookie: user.cookie, method: "POST", json: { gameId: ids[0] } });
  await request("/api/user/games", { cookie: user.cookie, method: "POST", json: { gameId: ids[1] } });
});

test("trending, the Games Database and the watchlist report mark a latest month the source's data ends inside as partial", async () => {
  const trending = (await (
    await request("/api/games/trending", { cookie: user.cookie })
  ).json()) as TrendingGame[];
  const byName = new Map(trending.map((g) => [g.gameName, g]));
  expect(byName.get("Midmonth Rise Saga")).toMatchObject({
    growth: 1,
    growthBasis: "month",
    growthPartial: true,
  });
  expect(byName.get("Whole Month Rise Saga")).toMatchObject({ growth: 0.5, growthBasis: "month" });
  expect(byName.get("Whole Month Rise Saga")?.growthPartial).toBeUndefined();

  const igdb = (await (await request("/api/igdb/trending", { cookie: user.cookie })).json()) as IgdbGame[];
  const trend = (name: string) => igdb.find((g) => g.name === name)?.trend;
  expect(trend("Midmonth Rise Saga")).toMatchObject({
    partial: true,
    method: "avg. players, latest month (partial) vs. the month before",
  });
  expect(trend("Whole Month Rise Saga")?.partial).toBeUndefined();

  const res = await request("/api/analytics/reports", {
    method: "POST",
    cookie: user.cookie,
    json: { reportType: "watchlist_summary" },
  });
  const { data } = (await res.json()) as {
    data: { games: Array<{ gameName: string; growth: number | null; growthPartial?: true }> };
  };
  const report = new Map(data.games.map((g) => [g.gameName, g]));
  expect(report.get("Midmonth Rise Saga")).toMatchObject({ growth: 1, growthPartial: true });
  expect(report.get("Whole Month Rise Saga")?.growthPartial).toBeUndefined();
});

// Review r26-a #2 and #3: the same month's figure is shown beside the growth (the watchlist report's
// Players column, the game page's Players tile, the cards), and `playersFigure` named neither its
// partial month nor, unlike a peak, its measure and source.
test("a game's players figure of the partial month says so, with the same shape as a peak's, in every answer", async () => {
  const partial = {
    value: 20_000,
    at: "2022-02-01T00:00:00.000Z",
    measure: "average",
    period: "month",
    source: "SteamCharts",
    partial: true,
  };
  const whole = {
    value: 6_000,
    at: "2022-01-01T00:00:00.000Z",
    measure: "average",
    period: "month",
    source: "SteamCharts",
  };
  const detail = async (id: string) =>
    (await (await request(`/api/games/${id}`, { cookie: user.cookie })).json()) as {
      playersFigure: Record<string, unknown>;
      players: { latest: Record<string, unknown> };
    };
  const first = await detail(ids[0]!);
  expect(first.playersFigure).toEqual(partial);
  expect(first.players.latest).toMatchObject({ period: "month", partial: true, source: "SteamCharts" });
  const second = await detail(ids[1]!);
  expect(second.playersFigure).toEqual(whole);
  expect(second.players.latest.partial).toBeUndefined();

  const trending = (await (
    await request("/api/games/trending", { cookie: user.cookie })
  ).json()) as TrendingGame[];
  expect(trending.find((g) => g.gameName === "Midmonth Rise Saga")?.playersFigure).toEqual(partial);

  const search = (await (await request("/api/games/search?q=Rise%20Saga", { cookie: user.cookie })).json()) as
    | { games?: Array<{ gameName: string; playersFigure: unknown }> }
    | Array<{ gameName: string; playersFigure: unknown }>;
  const found = Array.isArray(search) ? search : (search.games ?? []);
  expect(found.find((g) => g.gameName === "Midmonth Rise Saga")?.playersFigure).toEqual(partial);

  const res = await request("/api/analytics/reports", {
    method: "POST",
    cookie: user.cookie,
    json: { reportType: "watchlist_summary" },
  });
  const { data } = (await res.json()) as {
    data: { games: Array<{ gameName: string; playersFigure: unknown }> };
  };
  const report = new Map(data.games.map((g) => [g.gameName, g]));
  expect(report.get("Midmonth Rise Saga")?.playersFigure).toEqual(partial);
  expect(report.get("Whole Month Rise Saga")?.playersFigure).toEqual(whole);
});

// Review r26b #4: through the (metric, ts) index the newest SteamCharts month was found by walking back
// over every newer live point (0.6–0.8 s at a million points); its own partial index is one seek.
test("a monthly source's newest month is one seek in its own index", async () => {
  const plan = await rawClient().execute({
    sql: `EXPLAIN QUERY PLAN ${NEWEST_MONTH_SQL}`,
    args: ["steamcharts-csv"],
  });
  const detail = plan.rows.map((r) => String(r.detail)).join("\n");
  expect(detail).toMatch(
    /SEARCH game_metrics USING (COVERING )?INDEX game_metrics_month_source_ts_idx \(metric=\? AND source=\?\)/,
  );
});
