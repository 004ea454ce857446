import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import type { HistoricalGame } from "../../src/contracts/sources.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { formatSummary } from "../../src/server/importers/index.ts";
import { importSteamChartsCsv } from "../../src/server/importers/steamcharts.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * SteamCharts' monthly history and SteamDB's daily chart export both come in through `bun run import
 * steamcharts-csv`. They are two publishers and two measures (a month's average and peak; a day's
 * peak), dated the same day on the 1st of a month: each is stored under its own source, so neither
 * replaces the other, whatever the order, and a re-import touches only its own points and says so.
 * The fixtures are the months the two real files share (tests/fixtures/datasets/steamcharts/SOURCE.txt).
 */

const DATA = fileURLToPath(new URL("../fixtures/datasets/", import.meta.url));
const MONTHLY = `${DATA}steamcharts/steamcharts_monthly_overlap.csv`;
const DAILY = `${DATA}steamcharts/steamdb_daily_month-starts.csv`;
const FEB_1 = Date.UTC(2022, 1, 1);

const dotaPeaks = async () =>
  (
    await rawClient().execute({
      sql: `SELECT m.source, m.value, m.period FROM game_metrics m JOIN games g ON g.id = m.game_id
            WHERE g.name = 'Dota 2' AND m.metric = 'players_peak' AND m.ts = ? ORDER BY m.source`,
      args: [FEB_1],
    })
  ).rows.map((r) => ({ ...r }));

const BOTH = [
  { source: "steamcharts-csv", value: 725851, period: "month" },
  { source: "steamdb-csv", value: 647090, period: "day" },
];

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser();
});

describe("two files, two sources", () => {
  test("daily then monthly, and monthly then daily: both peaks of Feb 1, 2022 are kept", async () => {
    const daily = await importSteamChartsCsv(DAILY);
    // Eight of the ten columns have figures on the three days (ELDEN RING and Lost Ark were not out).
    expect(daily.points).toEqual({ inserted: 24, updated: 0, unchanged: 0 });
    expect(daily.notes).toEqual(["SteamDB daily peaks, stored as source steamdb-csv"]);
    const monthly = await importSteamChartsCsv(MONTHLY);
    // Dota 2 and TOGETHER BnB: an average and a peak for each of three months.
    expect(monthly.points).toEqual({ inserted: 12, updated: 0, unchanged: 0 });
    expect(monthly.notes).toEqual([
      "SteamCharts monthly averages and peaks, stored as source steamcharts-csv",
    ]);
    expect(await dotaPeaks()).toEqual(BOTH);

    await rawClient().execute("DELETE FROM game_metrics");
    await importSteamChartsCsv(MONTHLY);
    await importSteamChartsCsv(DAILY);
    expect(await dotaPeaks()).toEqual(BOTH);
  });

  test("a re-import touches only its own points, and its summary counts what it changed", async () => {
    await rawClient().execute({
      sql: `UPDATE game_metrics SET value = 1 WHERE source = 'steamdb-csv' AND ts = ?
              AND game_id = (SELECT id FROM games WHERE name = 'Dota 2')`,
      args: [FEB_1],
    });
    const again = await importSteamChartsCsv(DAILY);
    expect(again.points).toEqual({ inserted: 0, updated: 1, unchanged: 23 });
    expect(formatSummary(again)).toContain("points: inserted 0, updated 1, unchanged 23");
    expect(await dotaPeaks()).toEqual(BOTH);
    const monthly = await importSteamChartsCsv(MONTHLY);
    expect(monthly.points).toEqual({ inserted: 0, updated: 0, unchanged: 12 });
    expect(await dotaPeaks()).toEqual(BOTH);
  });

  test("the data sources name SteamDB apart from SteamCharts, each with its own newest month", async () => {
    const res = await request("/api/data-sources", { cookie: user.cookie });
    const { sources } = (await res.json()) as {
      sources: Array<{ id: string; name: string; asOf: string | null; records: number }>;
    };
    const byId = new Map(sources.map((s) => [s.id, s]));
    expect(byId.get("steamcharts-csv")).toMatchObject({ name: "SteamCharts", records: 12 });
    expect(byId.get("steamdb-csv")).toMatchObject({
      name: "SteamDB",
      records: 24,
      asOf: new Date(FEB_1).toISOString(),
    });
  });

  test("a game's peak chart draws the month's peak and the day's peak as two measures, neither hiding the other", async () => {
    const dota = (await rawClient().execute("SELECT id FROM games WHERE name = 'Dota 2'")).rows[0]!;
    const res = await request(`/api/games/${String(dota.id)}/series?metric=players_peak`, {
      cookie: user.cookie,
    });
    const series = (await res.json()) as {
      points: Array<{ t: string; value: number; period?: string; source?: string }>;
      source: string;
    };
    // Each point says its period and source, so the chart draws a monthly line and a daily line.
    expect(series.points).toEqual([
      { t: "2021-12-01T00:00:00.000Z", value: 756170, period: "month", source: "SteamCharts" },
      { t: "2021-12-01T00:00:00.000Z", value: 565845, period: "day", source: "SteamDB" },
      { t: "2022-01-01T00:00:00.000Z", value: 786118, period: "month", source: "SteamCharts" },
      { t: "2022-01-01T00:00:00.000Z", value: 701209, period: "day", source: "SteamDB" },
      { t: "2022-02-01T00:00:00.000Z", value: 725851, period: "month", source: "SteamCharts" },
      { t: "2022-02-01T00:00:00.000Z", value: 647090, period: "day", source: "SteamDB" },
    ]);
    expect(series.source).toMatch(/SteamCharts/);
    expect(series.source).toMatch(/SteamDB/);
  });
});

describe("precision", () => {
  test("monthly averages are stored as published, and growth is computed from them", async () => {
    const rs = await rawClient().execute(
      `SELECT m.ts, m.value FROM game_metrics m JOIN games g ON g.id = m.game_id
       WHERE g.steam_app_id = 1239020 AND m.metric = 'players' ORDER BY m.ts`,
    );
    expect(rs.rows.map((r) => Number(r.value))).toEqual([9.03, 9.1, 515.28]);
    const trending = (await (await request("/api/games/trending", { cookie: user.cookie })).json()) as Array<{
      gameName: string;
      growth: number;
      growthBasis: string;
    }>;
    const bnb = trending.find((g) => g.gameName === "TOGETHER BnB");
    // 515.28 against 9.1: +5,562.4% (rounded at import, 515 against 9 read +5,622.2%). The file's own
    // "+5560.47%" comes from SteamCharts' unrounded January average, which the file does not give.
    expect(bnb).toMatchObject({ growthBasis: "month" });
    expect(bnb!.growth).toBeCloseTo((515.28 - 9.1) / 9.1, 4);
  });
});

describe("Historical Data", () => {
  const historical = async () =>
    (await (await request("/api/kaggle/historical", { cookie: user.cookie })).json()) as HistoricalGame[];

  test("one series of one measure and source per game; other measures and sources apart, each labelled", async () => {
    // A game with SteamDB's days only: its series is SteamDB's daily peaks.
    const pubg = (await historical()).find((g) => g.gameName.startsWith("PUBG"))!;
    expect(pubg.players).toMatchObject({ measure: "daily peak", provenance: { source: "SteamDB" } });
    expect(pubg.playerTrends.map((p) => p.playerCount)).toEqual([323237, 325101, 397262]);

    // SteamSpy's export dated Jan 1, 2023: its `ccu` is the peak of Dec 31, 2022.
    await importSteamSpyCsv(`${DATA}steamspy/steamspy_top1000_2023_tags.csv`, new Date(Date.UTC(2023, 0, 1)));
    const dota = (await historical()).find((g) => g.gameName === "Dota 2")!;
    expect(dota.players).toEqual({
      measure: "monthly average",
      provenance: { source: "SteamCharts", asOf: new Date(FEB_1).toISOString() },
    });
    expect(dota.playerTrends).toEqual([
      { date: "2021-12-01T00:00:00.000Z", playerCount: 449297.37 },
      { date: "2022-01-01T00:00:00.000Z", playerCount: 485791.43 },
      { date: "2022-02-01T00:00:00.000Z", playerCount: 450200.14 },
    ]);
    const spyPeak = await rawClient().execute(
      "SELECT value FROM game_metrics WHERE source = 'steamspy-csv' AND metric = 'players_peak' AND game_id = (SELECT id FROM games WHERE name = 'Dota 2')",
    );
    expect(dota.otherPlayerFigures).toEqual([
      {
        measure: "daily peak",
        provenance: {
          source: "Steam via SteamSpy (dataset)",
          asOf: "2022-12-31T00:00:00.000Z",
          method: expect.stringContaining("day before"),
        },
        date: "2022-12-31T00:00:00.000Z",
        playerCount: Number(spyPeak.rows[0]!.value),
      },
      {
        measure: "monthly peak",
        provenance: { source: "SteamCharts", asOf: new Date(FEB_1).toISOString() },
        date: "2022-02-01T00:00:00.000Z",
        playerCount: 725851,
      },
      {
        measure: "daily peak",
        provenance: { source: "SteamDB", asOf: new Date(FEB_1).toISOString() },
        date: "2022-02-01T00:00:00.000Z",
        playerCount: 647090,
      },
    ]);
  });
});

describe("migration 0020", () => {
  test("daily peaks an earlier import stored under SteamCharts move to SteamDB; the series by day follows", async () => {
    const { ids } = await upsertGames([{ name: "Mislabelled Daily", steamAppId: 990_021 }], "test");
    const id = ids[0]!;
    const day = (d: number) => new Date(Date.UTC(2022, 0, d));
    await recordMetrics([
      // What the daily file left under SteamCharts' id before: peaks of period 'day'…
      ...[1, 2, 3].map((d) => ({
        gameId: id,
        metric: "players_peak" as const,
        ts: day(d),
        value: 1000 + d,
        period: "day" as const,
        source: "steamcharts-csv",
      })),
      // …beside the monthly file's own figures, which stay.
      { gameId: id, metric: "players", ts: day(1), value: 800.5, period: "month", source: "steamcharts-csv" },
    ]);
    const sql = readFileSync(new URL("../../migrations/0020_steamdb-source.sql", import.meta.url), "utf8");
    for (const statement of sql.split("--> statement-breakpoint")) await rawClient().execute(statement);
    const points = await rawClient().execute({
      sql: "SELECT metric, source, period, count(*) AS n FROM game_metrics WHERE game_id = ? GROUP BY metric, source, period ORDER BY metric",
      args: [id],
    });
    expect(points.rows.map((r) => ({ ...r }))).toEqual([
      { metric: "players", source: "steamcharts-csv", period: "month", n: 1 },
      { metric: "players_peak", source: "steamdb-csv", period: "day", n: 3 },
    ]);
    const days = await rawClient().execute({
      sql: "SELECT metric, source, count(*) AS n, sum(total) AS total FROM player_days WHERE game_id = ? GROUP BY metric, source ORDER BY metric",
      args: [id],
    });
    expect(days.rows.map((r) => ({ ...r }))).toEqual([
      { metric: "players", source: "steamcharts-csv", n: 1, total: 800.5 },
      { metric: "players_peak", source: "steamdb-csv", n: 3, total: 3006 },
    ]);
  });
});
