import { beforeAll, describe, expect, test } from "vitest";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

let user: TestUser;
let charted: string;
let bare: string;

const DAY = 86_400_000;

beforeAll(async () => {
  user = await createTestUser();
  const { ids } = await upsertGames(
    [
      {
        name: "Charted Colony",
        steamAppId: 730730,
        genres: ["Strategy", "Simulation"],
        tags: ["Colony Sim", "Base Building", "Survival"],
        platforms: ["PC", "Mac"],
        developer: "Hollow & Pine Studio",
        publisher: "Northwind Publishing",
        releaseDate: "2021-03-04",
        price: 24.99,
        coverUrl: "https://images.example/colony.jpg",
      },
      { name: "Bare Bones", genres: ["Puzzle"], tags: [] },
      {
        name: "Colony Cousin",
        genres: ["Strategy", "Simulation"],
        tags: ["Colony Sim", "Base Building"],
        positiveReviews: 10,
      },
      { name: "Distant Strategy", genres: ["Strategy"], tags: ["Card Game"], positiveReviews: 5_000 },
      { name: "Tag Twin", genres: ["Action"], tags: ["Survival", "Colony Sim"] },
      { name: "Unrelated Racer", genres: ["Racing"], tags: ["Cars"] },
    ],
    "test",
  );
  [charted, bare] = ids as [string, string];
  const start = Date.UTC(2026, 0, 1);
  const points: MetricPoint[] = [];
  for (let d = 0; d < 40; d++) {
    points.push({
      gameId: charted,
      metric: "players",
      ts: new Date(start + d * DAY),
      value: 1000 + d,
      period: "day",
      source: "steamcharts-csv",
    });
  }
  // The same day from a second source is one point, not two.
  points.push({
    gameId: charted,
    metric: "players",
    ts: new Date(start),
    value: 999,
    period: "day",
    source: "steam-api",
  });
  points.push(
    {
      gameId: charted,
      metric: "reviews_positive",
      ts: new Date("2019-05-01"),
      value: 900,
      period: "instant",
      source: "steam-store-csv",
    },
    {
      gameId: charted,
      metric: "owners",
      ts: new Date("2019-05-01"),
      value: 150_000,
      period: "instant",
      source: "steam-store-csv",
    },
  );
  await recordMetrics(points);
});

const get = (path: string) => request(path, { cookie: user.cookie });

describe("GET /api/games/:id", () => {
  test("answers the game with its header fields and latest figures with source and time", async () => {
    const res = await get(`/api/games/${charted}`);
    expect(res.status).toBe(200);
    const game = await res.json();
    expect(game).toMatchObject({
      id: charted,
      gameId: charted,
      name: "Charted Colony",
      gameName: "Charted Colony",
      tags: ["Colony Sim", "Base Building", "Survival"],
      platforms: ["PC", "Mac"],
      steamAppId: 730730,
      storeUrl: "https://store.steampowered.com/app/730730/",
      developer: "Hollow & Pine Studio",
      developerSlug: "hollow-and-pine-studio",
      publisherSlug: "northwind-publishing",
      price: 24.99,
      releaseDate: "2021-03-04",
    });
    expect(game.latest.players).toEqual({
      value: 1039,
      period: "day",
      source: "SteamCharts",
      asOf: new Date(Date.UTC(2026, 0, 1) + 39 * DAY).toISOString(),
    });
    expect(game.latest.owners).toMatchObject({ value: 150_000, asOf: "2019-05-01T00:00:00.000Z" });
    expect(game.latest.price).toBeUndefined();
  });

  test("steam-<appid> finds the same game; unknown ids are 404 problem JSON", async () => {
    const bySteam = await (await get("/api/games/steam-730730")).json();
    expect(bySteam.id).toBe(charted);
    for (const id of ["steam-1", "no-such-game", "steam-abc"]) {
      const res = await get(`/api/games/${id}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect((await res.json()).status).toBe(404);
    }
  });

  test("a game's slug opens it too (the page, its series and estimates), as its id does", async () => {
    const game = await (await get(`/api/games/${charted}`)).json();
    expect(game.slug).toBeTruthy();
    const bySlug = await get(`/api/games/${game.slug}`);
    expect(bySlug.status).toBe(200);
    expect((await bySlug.json()).id).toBe(charted);
    expect((await get(`/api/games/${game.slug}/series?metric=players`)).status).toBe(200);
    expect((await get(`/api/games/${game.slug}/estimates`)).status).not.toBe(404);
    expect((await get(`/api/games/${game.slug}-nope`)).status).toBe(404);
  });

  test("a game without series has no latest figures and no store link", async () => {
    const game = await (await get(`/api/games/${bare}`)).json();
    expect(game.latest).toEqual({});
    expect(game.storeUrl).toBeNull();
    expect(game.developerSlug).toBeNull();
  });

  test("anonymous is 401", async () => {
    expect((await request(`/api/games/${charted}`)).status).toBe(401);
    expect((await request(`/api/games/${charted}/series?metric=players`)).status).toBe(401);
    expect((await request(`/api/games/${charted}/similar`)).status).toBe(401);
  });
});

describe("GET /api/games/:id/series", () => {
  // Review r21/b, item 5: the snapshot dates its figures by the month only, yet game pages read "May 1, 2019".
  test("figures of a source dated by the month only say so, in the series and the latest figures", async () => {
    const {
      ids: [id],
    } = await upsertGames([{ name: "Month Dated Snapshot", steamAppId: 730_739 }], "test");
    await recordMetrics([
      {
        gameId: id!,
        metric: "price",
        ts: new Date(Date.UTC(2019, 4, 1)),
        value: 9.99,
        period: "instant",
        source: "steam-store-csv",
      },
      {
        gameId: id!,
        metric: "price",
        ts: new Date(Date.UTC(2023, 5, 1)),
        value: 4.99,
        period: "instant",
        source: "steamspy-csv",
      },
      {
        gameId: id!,
        metric: "reviews_positive",
        ts: new Date(Date.UTC(2019, 4, 1)),
        value: 90,
        period: "instant",
        source: "steam-store-csv",
      },
    ]);
    const price = await (await get(`/api/games/${id}/series?metric=price`)).json();
    expect(price.monthDated).toEqual(["Steam Store Games (Kaggle, CC BY 4.0)"]);
    const onlySteamSpy = await (
      await get(`/api/games/${id}/series?metric=price&from=2023-01-01T00:00:00.000Z`)
    ).json();
    expect(onlySteamSpy.monthDated).toBeUndefined();
    const game = await (await get(`/api/games/${id}`)).json();
    expect(game.latest.reviews_positive.asOfPrecision).toBe("month");
    expect(game.latest.price.asOfPrecision).toBeUndefined();
  });

  test("a day with a live sync's counts shows those, not another source's one daily figure", async () => {
    const {
      ids: [id],
    } = await upsertGames([{ name: "Counted And Peaked", steamAppId: 730_731 }], "test");
    const start = Date.UTC(2026, 2, 1);
    const points: MetricPoint[] = [];
    // Daily peaks from SteamSpy for 3 days (at midnight); counts every 6 hours from Steam on the last 2
    // (from 01:00).
    for (let d = 0; d < 3; d++)
      points.push({
        gameId: id!,
        metric: "players",
        ts: new Date(start + d * DAY),
        value: 5_000,
        period: "day",
        source: "steamspy-api",
      });
    for (let k = 0; k < 8; k++)
      points.push({
        gameId: id!,
        metric: "players",
        ts: new Date(start + DAY + 3_600_000 + k * 6 * 3_600_000),
        value: 2_000 + k,
        period: "instant",
        source: "steam-api",
      });
    await recordMetrics(points);
    const series = await (await get(`/api/games/${id}/series?metric=players`)).json();
    // A day's figure beside counts: each point says which it is, and from which source.
    expect(series.points).toEqual([
      { t: "2026-03-01T00:00:00.000Z", value: 5_000, period: "day", source: "Steam via SteamSpy" },
      ...Array.from({ length: 8 }, (_, k) => ({
        t: new Date(start + DAY + 3_600_000 + k * 6 * 3_600_000).toISOString(),
        value: 2_000 + k,
        period: "instant",
        source: "Steam",
      })),
    ]);
    // No one period stands over both (review r18a, item 8): `mixed`, with each period's count.
    expect(series).toMatchObject({
      period: "mixed",
      periods: { day: 1, instant: 8 },
      source: "Steam via SteamSpy; Steam",
    });
  });

  test("monthly peaks beside daily peaks: each point says its period, so the CSV can tell them apart", async () => {
    const {
      ids: [id],
    } = await upsertGames([{ name: "Monthly And Daily Peaks", steamAppId: 730_732 }], "test");
    await recordMetrics([
      ...[Date.UTC(2021, 11, 1), Date.UTC(2022, 0, 1)].map(
        (ts, i): MetricPoint => ({
          gameId: id!,
          metric: "players_peak",
          ts: new Date(ts),
          value: 750_000 + i,
          period: "month",
          source: "steamcharts-csv",
        }),
      ),
      ...[Date.UTC(2022, 0, 14), Date.UTC(2022, 0, 15)].map(
        (ts, i): MetricPoint => ({
          gameId: id!,
          metric: "players_peak",
          ts: new Date(ts),
          value: 640_000 + i,
          period: "day",
          source: "steamspy-api",
        }),
      ),
    ]);
    const series = await (await get(`/api/games/${id}/series?metric=players_peak`)).json();
    // Two sources in the series: each point says which gave it (review 10: SteamCharts' monthly
    // points carried none beside a `source` naming both).
    expect(series.source).toBe("SteamCharts; Steam via SteamSpy");
    // And no one period stands over both: the series says `mixed` (review r18a, item 8: `month` stood
    // over a final daily point from another source).
    expect(series).toMatchObject({ period: "mixed", periods: { month: 2, day: 2 } });
    expect(series.points).toEqual([
      { t: "2021-12-01T00:00:00.000Z", value: 750_000, period: "month", source: "SteamCharts" },
      { t: "2022-01-01T00:00:00.000Z", value: 750_001, period: "month", source: "SteamCharts" },
      { t: "2022-01-14T00:00:00.000Z", value: 640_000, period: "day", source: "Steam via SteamSpy" },
      { t: "2022-01-15T00:00:00.000Z", value: 640_001, period: "day", source: "Steam via SteamSpy" },
    ]);
    // One period throughout: the series says it once, the points do not repeat it.
    const monthly = await (await get(`/api/games/${id}/series?metric=players_peak&to=2022-01-10`)).json();
    expect(monthly).toMatchObject({ period: "month" });
    expect(monthly.points).toEqual([
      { t: "2021-12-01T00:00:00.000Z", value: 750_000 },
      { t: "2022-01-01T00:00:00.000Z", value: 750_001 },
    ]);
  });

  // Review 7, item 6: SteamDB's daily peaks, then SteamSpy's peak of the day before, were one list with
  // no point saying its source, and the game page drew them as one line.
  test("daily peaks from two sources: each point says its source; one source alone, none does", async () => {
    const {
      ids: [id],
    } = await upsertGames([{ name: "Peaked Twice Over", steamAppId: 730_733 }], "test");
    await recordMetrics([
      ...[Date.UTC(2022, 11, 13), Date.UTC(2022, 11, 14)].map(
        (ts, i): MetricPoint => ({
          gameId: id!,
          metric: "players_peak",
          ts: new Date(ts),
          value: 1_200_000 + i,
          period: "day",
          source: "steamdb-csv",
        }),
      ),
      {
        gameId: id!,
        metric: "players_peak",
        ts: new Date(Date.UTC(2023, 0, 14)),
        value: 1_088_407,
        period: "day",
        source: "steamspy-csv",
      },
    ]);
    const series = await (
      await get(`/api/games/${id}/series?metric=players_peak&from=2022-12-10T00:00:00Z`)
    ).json();
    expect(series).toMatchObject({ period: "day", source: "SteamDB; Steam via SteamSpy (dataset)" });
    expect(series.points).toEqual([
      { t: "2022-12-13T00:00:00.000Z", value: 1_200_000, source: "SteamDB" },
      { t: "2022-12-14T00:00:00.000Z", value: 1_200_001, source: "SteamDB" },
      { t: "2023-01-14T00:00:00.000Z", value: 1_088_407, source: "Steam via SteamSpy (dataset)" },
    ]);
    const steamdb = await (await get(`/api/games/${id}/series?metric=players_peak&to=2022-12-31`)).json();
    expect(steamdb).toMatchObject({ source: "SteamDB" });
    expect(steamdb.points).toEqual([
      { t: "2022-12-13T00:00:00.000Z", value: 1_200_000 },
      { t: "2022-12-14T00:00:00.000Z", value: 1_200_001 },
    ]);
  });

  test("answers points oldest first with unit, period, source and asOf", async () => {
    const res = await get(`/api/games/steam-730730/series?metric=players`);
    expect(res.status).toBe(200);
    const series = await res.json();
    expect(series).toMatchObject({ metric: "players", unit: "players", period: "day" });
    expect(series.points).toHaveLength(40);
    // The first day is Steam's, the others SteamCharts': daily figures of two sources, each point
    // names its own (review 7, item 6), so a chart draws them as two lines rather than one.
    expect(series.points[0]).toEqual({ t: "2026-01-01T00:00:00.000Z", value: 999, source: "Steam" });
    expect(series.points[39]).toEqual({ t: "2026-02-09T00:00:00.000Z", value: 1039, source: "SteamCharts" });
    expect(series.source).toBe("Steam; SteamCharts");
    expect(series.asOf).toBe("2026-02-09T00:00:00.000Z");
    const times = series.points.map((p: { t: string }) => Date.parse(p.t));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  test("from and to bound the range (a bare to covers its whole day)", async () => {
    const series = await (
      await get(`/api/games/${charted}/series?metric=players&from=2026-01-10&to=2026-01-12`)
    ).json();
    expect(series.points.map((p: { t: string }) => p.t.slice(0, 10))).toEqual([
      "2026-01-10",
      "2026-01-11",
      "2026-01-12",
    ]);
    const fromTime = await (
      await get(`/api/games/${charted}/series?metric=players&from=2026-02-08T12:00:00Z`)
    ).json();
    expect(fromTime.points).toHaveLength(1);
  });

  test("a series without points says which source would fill it", async () => {
    const res = await get(`/api/games/${bare}/series?metric=price`);
    expect(res.status).toBe(200);
    const series = await res.json();
    expect(series).toMatchObject({ metric: "price", unit: "USD", points: [], source: null, asOf: null });
    expect(series.filledBy).toMatch(/SteamSpy/);
  });

  test("real calendar dates pass: a leap day, the last of a month, a time with an offset", async () => {
    for (const query of [
      "from=2024-02-29",
      "to=2026-01-31",
      "from=2026-01-10T23:59:59.999Z",
      `from=${encodeURIComponent("2026-01-10T10:00:00+02:00")}`,
    ]) {
      expect((await get(`/api/games/${charted}/series?metric=players&${query}`)).status, query).toBe(200);
    }
  });

  test("an empty range of a series that has points elsewhere says where they are, not what to import", async () => {
    const series = await (
      await get(`/api/games/${charted}/series?metric=owners&from=2020-01-01&to=2020-12-31`)
    ).json();
    expect(series.points).toEqual([]);
    expect(series.filledBy).toBeUndefined();
    expect(series.outside).toEqual({
      first: "2019-05-01T00:00:00.000Z",
      last: "2019-05-01T00:00:00.000Z",
      note: "No points between 2020-01-01 and 2020-12-31; the series has points from 2019-05-01 to 2019-05-01.",
    });
    const after = await (await get(`/api/games/${charted}/series?metric=players&from=2027-01-01`)).json();
    expect(after.outside.note).toBe(
      "No points from 2027-01-01; the series has points from 2026-01-01 to 2026-02-09.",
    );
    // With no point at all, the source that would fill it.
    const none = await (await get(`/api/games/${charted}/series?metric=price&to=2020-01-01`)).json();
    expect(none.outside).toBeUndefined();
    expect(none.filledBy).toMatch(/SteamSpy/);
  });

  test("bad metric or dates are 422 naming the field; unknown game is 404", async () => {
    for (const [query, field] of [
      ["metric=bogus", "metric"],
      ["", "metric"],
      ["metric=players&from=yesterday", "from"],
      ["metric=players&to=2026-13-45", "to"],
      ["metric=players&from=2026-02-01&to=2026-01-01", "to"],
      // Dates the calendar does not have are refused, not rolled over into the next month.
      ["metric=players&from=2019-02-30", "from"],
      ["metric=players&to=2023-02-29", "to"],
      ["metric=players&from=2026-04-31T10:00:00Z", "from"],
      ["metric=players&from=2026-01-01T24:30:00Z", "from"],
      ["metric=players&to=2026-01-01T10:61:00Z", "to"],
    ] as const) {
      const res = await get(`/api/games/${charted}/series?${query}`);
      expect(res.status, query).toBe(422);
      const body = await res.json();
      expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await get("/api/games/steam-999999/series?metric=players")).status).toBe(404);
  });
});

describe("GET /api/games/:id/similar", () => {
  test("ranks shared genres (2 each) above shared tags (1 each), never the game itself", async () => {
    const res = await get(`/api/games/${charted}/similar`);
    expect(res.status).toBe(200);
    const similar = (await res.json()) as Array<{ name: string; score: number; shared: string[] }>;
    expect(similar.map((s) => s.name)).toEqual(["Colony Cousin", "Distant Strategy", "Tag Twin"]);
    expect(similar[0]).toMatchObject({ score: 6 });
    expect(similar[0]!.shared).toEqual(["Strategy", "Simulation", "Colony Sim", "Base Building"]);
    expect(similar[2]).toMatchObject({ score: 2, shared: ["Survival", "Colony Sim"] });
  });

  // Review r21/b, item 5: the similar games' CSV gave prices with no source or date.
  test("each similar game's price says its source and time", async () => {
    const {
      ids: [asked],
    } = await upsertGames([{ name: "Pricing Asker", genres: ["Pricing Genre"], tags: [] }], "test");
    await upsertGames(
      [
        {
          name: "Priced Neighbour",
          genres: ["Pricing Genre"],
          tags: [],
          price: 4.99,
          asOf: new Date(Date.UTC(2023, 5, 1)),
        },
      ],
      "steamspy-csv",
    );
    await upsertGames([{ name: "Unpriced Neighbour", genres: ["Pricing Genre"], tags: [] }], "test");
    const similar = (await (await get(`/api/games/${asked}/similar`)).json()) as Array<{
      name: string;
      priceProvenance: unknown;
    }>;
    expect(similar.find((g) => g.name === "Priced Neighbour")?.priceProvenance).toEqual({
      source: "Steam via SteamSpy (dataset)",
      asOf: "2023-06-01T00:00:00.000Z",
    });
    expect(similar.find((g) => g.name === "Unpriced Neighbour")?.priceProvenance).toBeNull();
  });

  test("a game sharing nothing has no similar games; unknown id is 404", async () => {
    const res = await get(`/api/games/${bare}/similar`);
    expect(await res.json()).toEqual([]);
    expect((await get("/api/games/nope/similar")).status).toBe(404);
  });
});
