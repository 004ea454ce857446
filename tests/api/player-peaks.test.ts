import { beforeAll, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * A daily peak (`players_peak` by day: SteamSpy's peak of the day before, a daily-peak dataset) is a
 * player figure of its own: it takes part in a game's peak, and a game with peaks only has a peak,
 * no count and no average.
 */

const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
let user: TestUser;
let counted: string;
let peaksOnly: string;

beforeAll(async () => {
  user = await createTestUser();
  const { ids } = await upsertGames([{ name: "Counted And Peaked" }, { name: "Peaks Only Quest" }], "test");
  counted = ids[0]!;
  peaksOnly = ids[1]!;
  await recordMetrics([
    // Counts of 1,000 every day of a week, and the day before the last, a daily peak of 1,800.
    ...Array.from({ length: 7 }, (_, d) => ({
      gameId: counted,
      metric: "players" as const,
      ts: new Date(END - (6 - d) * DAY),
      value: 1_000,
      period: "day" as const,
      source: "counts-test",
    })),
    {
      gameId: counted,
      metric: "players_peak",
      ts: new Date(END - DAY),
      value: 1_800,
      period: "day",
      source: "peaks-test",
    },
    {
      gameId: peaksOnly,
      metric: "players_peak",
      ts: new Date(END - 2 * DAY),
      value: 400,
      period: "day",
      source: "peaks-test",
    },
    {
      gameId: peaksOnly,
      metric: "players_peak",
      ts: new Date(END - DAY),
      value: 350,
      period: "day",
      source: "peaks-test",
    },
  ]);
});

test("a daily peak above every count is the game's peak; the count and average are the counts'", async () => {
  const g = await (await request(`/api/games/${counted}`, { cookie: user.cookie })).json();
  expect(g.players).toMatchObject({
    latest: { value: 1_000, at: new Date(END).toISOString() },
    average: { value: 1_000, days: 7 },
    peak: { value: 1_800, at: new Date(END - DAY).toISOString(), days: 7 },
  });
});

test("a game with daily peaks only has its peak and no count", async () => {
  const g = await (await request(`/api/games/${peaksOnly}`, { cookie: user.cookie })).json();
  expect(g.players).toMatchObject({
    latest: null,
    average: null,
    // Peaks on two days of the window: a peak over those two days, not over seven (review r18a, item 8).
    peak: { value: 400, at: new Date(END - 2 * DAY).toISOString(), days: 2, period: "day", points: 2 },
  });
  expect(g.players.provenance).toMatchObject({ asOf: new Date(END - DAY).toISOString() });
  expect(g.players.provenance.method).toContain("daily peak");
});

test("a newer daily peak beside an older count does not date the count", async () => {
  const { ids } = await upsertGames([{ name: "Counted In February" }], "test");
  const gameId = ids[0]!;
  await recordMetrics([
    {
      gameId,
      metric: "players",
      ts: new Date(Date.UTC(2022, 1, 1)),
      value: 48_633,
      period: "month",
      source: "monthly-test",
    },
    {
      gameId,
      metric: "players_peak",
      ts: new Date(Date.UTC(2022, 11, 31)),
      value: 13_528,
      period: "day",
      source: "peaks-test",
    },
  ]);
  const g = await (await request(`/api/games/${gameId}`, { cookie: user.cookie })).json();
  // A monthly average, and it says so (the cards name it "avg. players, Feb 2022", not a day's count).
  expect(g.players.latest).toEqual({
    value: 48_633,
    at: new Date(Date.UTC(2022, 1, 1)).toISOString(),
    period: "month",
    source: "monthly-test",
  });
  expect(g.players.provenance.asOf).toBe(new Date(Date.UTC(2022, 1, 1)).toISOString());
  expect(g.players.peak).toMatchObject({ value: 13_528, at: new Date(Date.UTC(2022, 11, 31)).toISOString() });
});

// Outside tester: cards read "6.4K avg. players, Feb 2022" credited to "SteamCharts, Steam via SteamSpy
// (dataset) · Feb 2022", while SteamSpy's only player figure was a daily peak of 2022-12-31.
test("the players figure names only the source of the count it shows, in the lists as on the game page", async () => {
  const { ids } = await upsertGames([{ name: "Credited Monthly Quest" }], "test");
  const gameId = ids[0]!;
  await recordMetrics([
    {
      gameId,
      metric: "players",
      ts: new Date(Date.UTC(2022, 1, 1)),
      value: 6_400,
      period: "month",
      source: "steamcharts-csv",
    },
    {
      gameId,
      metric: "players_peak",
      ts: new Date(Date.UTC(2022, 11, 31)),
      value: 9_100,
      period: "day",
      source: "steamspy-csv",
    },
    // A figure of another kind from the peak's source: credited by the game's own provenance, not the players'.
    { gameId, metric: "owners", ts: new Date(Date.UTC(2022, 11, 31)), value: 50_000, source: "steamspy-csv" },
  ]);
  const expected = {
    source: "SteamCharts",
    asOf: new Date(Date.UTC(2022, 1, 1)).toISOString(),
    // The block's provenance is the count's (review r18a, item 8), and says what the figure shown is:
    // the month's average, not "the latest count", and not the peak, which names its own source
    // (review r25 #6).
    method: "the month's average players",
  };
  const page = await (await request(`/api/games/${gameId}`, { cookie: user.cookie })).json();
  expect(page.players.provenance).toEqual(expected);
  // The peak: SteamSpy's one day's `ccu`, with its own source and time, not a 7-day peak.
  expect(page.players.peak).toMatchObject({
    value: 9_100,
    at: "2022-12-31T00:00:00.000Z",
    days: 1,
    period: "day",
    points: 1,
    source: "Steam via SteamSpy (dataset)",
    asOf: "2022-12-31T00:00:00.000Z",
  });
  expect(page.players.peak.method).toContain("the only player figure in the 7 days");
  const search = await (
    await request(`/api/games/search?q=${encodeURIComponent("Credited Monthly")}`, { cookie: user.cookie })
  ).json();
  const hit = (search.items ?? search).find((g: { gameId: string }) => g.gameId === gameId);
  expect(hit.players.provenance).toEqual(expected);
  // SteamCharts' newest month in this catalog: a month in progress when the file was taken.
  expect(hit.players.latest).toEqual({
    value: 6_400,
    at: expected.asOf,
    period: "month",
    source: "SteamCharts",
    partial: true,
  });
  expect(hit.provenance.source).toContain("Steam via SteamSpy (dataset)");
});
