import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { GameEstimateSchema, MethodologySchema } from "../../src/contracts/estimates.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { MODEL_VERSION } from "../../src/server/estimates/coefficients.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { importSteamChartsCsv } from "../../src/server/importers/steamcharts.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { createTestUser, request } from "../helpers/api.ts";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/estimates/${name}`, import.meta.url));
let cookie: string;
let premiumCookie: string;

beforeAll(async () => {
  cookie = (await createTestUser()).cookie;
  premiumCookie = (await createTestUser({ role: "premium" })).cookie;
  await importSteamSpyCsv(fixture("steamspy-sample.csv"), new Date(Date.UTC(2023, 0, 1)));
});

describe("GET /api/games/:id/estimates", () => {
  test("answers owners, units and revenue ranges, the methods with weights, model version and inputs", async () => {
    const res = await request("/api/games/steam-10/estimates", { cookie });
    expect(res.status).toBe(200);
    const body = GameEstimateSchema.parse(await res.json());
    expect(body.gameName).toBe("Counter-Strike");
    expect(body.modelVersion).toBe(MODEL_VERSION);
    expect(body.revenue.currency).toBe("USD");
    for (const r of [body.owners!, body.unitsSold!, body.revenue.gross!, body.revenue.net!]) {
      expect(r.low).toBeLessThanOrEqual(r.mid);
      expect(r.mid).toBeLessThanOrEqual(r.high);
    }
    // SteamSpy's band (10M .. 20M) is one method beside the review model; weights add up to 1.
    expect(body.methods.map((m) => m.name).sort()).toEqual(["owners-band", "review-model"]);
    expect(body.methods.reduce((s, m) => s + m.weight, 0)).toBeCloseTo(1, 2);
    expect(body.inputs).toMatchObject({
      positiveReviews: 216345,
      negativeReviews: 5530,
      priceUsd: 9.99,
      ownersBand: { low: 10_000_000, high: 20_000_000, source: expect.stringMatching(/SteamSpy/) },
    });
    expect(body.asOf).toBe("2023-01-01T00:00:00.000Z");
    // Each input that does not date itself says its source and time (they may be years apart).
    expect(body.inputSources).toEqual({
      reviews: { source: "Steam via SteamSpy (dataset)", asOf: "2023-01-01T00:00:00.000Z" },
      price: {
        source: "Steam via SteamSpy (dataset)",
        asOf: "2023-01-01T00:00:00.000Z",
        method: "SteamSpy's US price in cents, in dollars",
      },
      // SteamSpy's `ccu`: the peak of the day before its report.
      peakPlayers: { source: "Steam via SteamSpy (dataset)", asOf: "2022-12-31T00:00:00.000Z" },
    });
    expect(body.provenance.source).toMatch(/SteamSpy/);
    expect(body.provenance.method).toMatch(/Blend of review model/);
    // The percentages shown add up to 100 (largest remainder, not each rounded on its own).
    const shown = [...(body.provenance.method ?? "").matchAll(/\((\d+) %\)/g)].map((m) => Number(m[1]));
    expect(shown).toHaveLength(2);
    expect(shown.reduce((a, b) => a + b, 0)).toBe(100);
    expect(body.owners!.mid).toBeGreaterThan(5_000_000);
    expect(body.owners!.mid).toBeLessThan(30_000_000);
  });

  test("a game on sale is estimated at its list price, not the day's sale price; the game page shows both", async () => {
    // Dark Messiah of Might & Magic in the SteamSpy export: price 249, initialprice 999, discount 75.
    const body = GameEstimateSchema.parse(
      await (await request("/api/games/steam-2100/estimates", { cookie })).json(),
    );
    expect(body.inputs.priceUsd).toBe(9.99);
    // Gross is units × the list price (it was units × $2.49, a quarter of it).
    expect(body.revenue.gross!.mid / body.unitsSold!.mid).toBeCloseTo(9.99, 1);
    const game = await (await request("/api/games/steam-2100", { cookie })).json();
    expect(game.price).toBe(2.49);
    expect(game.discount).toEqual({
      listPrice: 9.99,
      percent: 75,
      source: expect.stringMatching(/SteamSpy/),
      asOf: "2023-01-01T00:00:00.000Z",
    });
    // Not on sale: no discount (Counter-Strike, 999 / 999).
    expect((await (await request("/api/games/steam-10", { cookie })).json()).discount).toBeNull();
  });

  test("the catalog id answers the same estimate as steam-<appid>", async () => {
    const { id } = (await rawClient().execute("SELECT id FROM games WHERE steam_app_id = 10")).rows[0]!;
    const byId = await (await request(`/api/games/${String(id)}/estimates`, { cookie })).json();
    const bySteam = await (await request("/api/games/steam-10/estimates", { cookie })).json();
    expect(byId).toEqual(bySteam);
  });

  test("a renamed game answers its new name without waiting for a recompute", async () => {
    await rawClient().execute(
      "UPDATE games SET name = 'Team Fortress Classic (renamed)' WHERE steam_app_id = 20",
    );
    const body = await (await request("/api/games/steam-20/estimates", { cookie })).json();
    expect(body.gameName).toBe("Team Fortress Classic (renamed)");
  });

  test("an unknown game is a 404 problem", async () => {
    for (const id of ["steam-999999999", "no-such-game", "steam-abc"]) {
      const res = await request(`/api/games/${id}/estimates`, { cookie });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
    }
  });

  test("signed out is a 401 problem", async () => {
    const res = await request("/api/games/steam-10/estimates");
    expect(res.status).toBe(401);
  });

  test("estimates are stored in game_estimates when inputs change, not per request", async () => {
    await recomputeEstimates();
    const before = await rawClient().execute(
      "SELECT count(*) AS n, max(computed_at) AS at FROM game_estimates",
    );
    expect(Number(before.rows[0]!.n)).toBe(35);
    const again = await recomputeEstimates();
    expect(again).toMatchObject({ games: 35, computed: 0, unchanged: 35 });
    await rawClient().execute(
      "UPDATE games SET positive_reviews = positive_reviews * 2 WHERE steam_app_id = 10",
    );
    const after = await recomputeEstimates();
    expect(after.computed).toBe(1);
    // Sortable in SQL: the largest estimated owners first.
    const top = await rawClient().execute(
      "SELECT g.name FROM game_estimates e JOIN games g ON g.id = e.game_id ORDER BY e.owners_mid DESC LIMIT 1",
    );
    expect(top.rows[0]!.name).toBeTruthy();
  });
});

describe("player-hours method", () => {
  test("a monthly player series adds the method: average players × hours in each month; daily peaks do not count", async () => {
    const { ids } = await upsertGames(
      [
        {
          name: "Hand-made Series Game",
          steamAppId: 990001,
          positiveReviews: 400,
          negativeReviews: 100,
          price: 14.99,
          releaseYear: 2016,
          genres: ["Strategy"],
        },
      ],
      "test",
    );
    const gameId = ids[0]!;
    // Twelve months of 1,000 average players (2017): 1,000 × 8,760 hours = 8.76M player-hours.
    await recordMetrics(
      Array.from({ length: 12 }, (_, m) => ({
        gameId,
        metric: "players" as const,
        ts: new Date(Date.UTC(2017, m, 1)),
        value: 1000,
        period: "month" as const,
        source: "steamcharts-csv",
      })),
    );
    // A daily peak from another source: not an average, left out of player-hours.
    await recordMetrics([
      {
        gameId,
        metric: "players",
        ts: new Date(Date.UTC(2017, 5, 3)),
        value: 50_000,
        period: "day",
        source: "steamspy-api",
      },
    ]);
    await recomputeEstimates({ gameIds: [gameId] });
    const body = GameEstimateSchema.parse(
      await (await request("/api/games/steam-990001/estimates", { cookie })).json(),
    );
    expect(body.inputs.playerSeries).toEqual({
      playerHours: 8_760_000,
      from: "2017-01-01",
      to: "2017-12-01",
      source: "SteamCharts",
    });
    // The most players at once is the other source's daily peak, of its own day.
    expect(body.inputs.peakPlayers).toBe(50_000);
    expect(body.inputSources?.peakPlayers).toEqual({
      source: "Steam via SteamSpy",
      asOf: "2017-06-03T00:00:00.000Z",
    });
    const player = body.methods.find((m) => m.name === "player-hours")!;
    expect(player.detail).toMatch(/^8,760,000 player-hours \(2017-01-01 to 2017-12-01\)/);
    expect(player.weight).toBeGreaterThan(0);
    expect(body.methods.map((m) => m.name)).toEqual(["review-model", "player-hours"]);
    expect(body.lowSignal).toBe(false);
    expect(body.provenance.source).toMatch(/SteamCharts \(players\)/);

    // A row stored before the detail column kept only the sources held the whole answer: it reads the same.
    const id = String(
      (await rawClient().execute("SELECT id FROM games WHERE steam_app_id = 990001")).rows[0]!.id,
    );
    const { methods, notes, inputs } = body;
    await rawClient().execute({
      sql: "UPDATE game_estimates SET detail = ? WHERE game_id = ?",
      args: [JSON.stringify({ gameName: "Old", methods, notes, inputs, reviewSources: [] }), id],
    });
    const old = GameEstimateSchema.parse(
      await (await request("/api/games/steam-990001/estimates", { cookie })).json(),
    );
    expect({ ...old, computedAt: body.computedAt }).toEqual(body);
  });
});

describe("reviews unknown", () => {
  test("a game imported from player figures only gets no review method and a low-signal answer that says so", async () => {
    const { ids } = await upsertGames(
      [{ name: "Hand-made Players Only", steamAppId: 990003, price: 0, genres: ["Free to Play"] }],
      "test",
    );
    const gameId = ids[0]!;
    // One month of average players: too short for the player-hours method (3 months).
    await recordMetrics([
      {
        gameId,
        metric: "players",
        ts: new Date(Date.UTC(2022, 1, 1)),
        value: 87_124,
        period: "month",
        source: "steamcharts-csv",
      },
    ]);
    await recomputeEstimates({ gameIds: [gameId] });
    const body = GameEstimateSchema.parse(
      await (await request("/api/games/steam-990003/estimates", { cookie })).json(),
    );
    expect(body.inputs.positiveReviews).toBeNull();
    expect(body.methods.map((m) => [m.name, m.weight])).toEqual([["catalog-spread", 1]]);
    expect(body.methods.map((m) => m.detail).join(" ")).not.toMatch(/0 reviews/);
    expect(body.lowSignal).toBe(true);
    expect(body.notes.join(" ")).toMatch(/Reviews unknown.*wide, not a point figure/);
    // Every player counted at once owns the game: the catalog's spread is cut at 87,124 from below.
    expect(body.owners!.low).toBeGreaterThanOrEqual(87_124);
    expect(body.notes.join(" ")).toContain("At least 87,124 owners");
    expect(body.inputs.peakPlayers).toBe(87_124);
    // Dated by its data (the month of players), not by the import.
    expect(body.asOf).toBe("2022-02-01T00:00:00.000Z");
    expect(body.provenance.asOf).toBe(body.asOf);
    const stored = await rawClient().execute({
      sql: "SELECT low_signal FROM game_estimates WHERE game_id = ?",
      args: [gameId],
    });
    expect(Number(stored.rows[0]!.low_signal)).toBe(1);
  });

  test("a year of SteamCharts players with reviews unknown is not turned into owners: low signal, above the peak", async () => {
    // Valheim from the SteamCharts monthly file alone: 502M player-hours read at "2.7 hours per owner"
    // (the playtime fit at 0 reviews) made 186M owners, P90 1.34 billion, not flagged low-signal.
    await importSteamChartsCsv(fixture("steamcharts-valheim.csv"));
    const id = String(
      (await rawClient().execute("SELECT id FROM games WHERE steam_app_id = 892970")).rows[0]!.id,
    );
    await recomputeEstimates({ gameIds: [id] });
    const body = GameEstimateSchema.parse(
      await (await request("/api/games/steam-892970/estimates", { cookie })).json(),
    );
    expect(body.inputs.positiveReviews).toBeNull();
    expect(body.inputs.playerSeries?.playerHours).toBeGreaterThan(400_000_000);
    expect(body.methods.map((m) => m.name)).toEqual(["catalog-spread"]);
    expect(body.lowSignal).toBe(true);
    expect(body.notes.join(" ")).toMatch(
      /Reviews unknown: the player series .* cannot be turned into owners/,
    );
    expect(body.owners!.low).toBeGreaterThanOrEqual(498_478);
    expect(body.owners!.mid).toBeGreaterThan(body.owners!.low);
    expect(body.owners!.high).toBeLessThan(20_000_000);
  });
});

test("an estimate with no dated input has no asOf rather than the time it was written", async () => {
  const { ids } = await upsertGames(
    [{ name: "Hand-made Undated Game", steamAppId: 990004, price: 9.99, releaseYear: 2020 }],
    "test",
  );
  await recomputeEstimates({ gameIds: ids });
  const body = GameEstimateSchema.parse(
    await (await request("/api/games/steam-990004/estimates", { cookie })).json(),
  );
  expect(body.asOf).toBeNull();
  expect(body.provenance.asOf).toBeNull();
  const stored = await rawClient().execute({
    sql: "SELECT as_of FROM game_estimates WHERE game_id = ?",
    args: [ids[0]!],
  });
  expect(stored.rows[0]!.as_of).toBeNull();
});

describe("steamspy-csv import", () => {
  test("an empty owners column is owners unknown, not an error; the band is kept when present", async () => {
    const { importSteamSpyCsv: run } = await import("../../src/server/importers/steamspy.ts");
    const summary = await run(fixture("steamspy-owners-empty.csv"));
    expect(summary.skipped).toBe(0);
    const bands = await rawClient().execute(
      "SELECT g.steam_app_id AS appid, b.low, b.high FROM game_owner_bands b JOIN games g ON g.id = b.game_id WHERE g.steam_app_id IN (10, 20, 30) ORDER BY appid",
    );
    // Row 20's band came from the first import; the emptied row does not erase it.
    expect(bands.rows.map((r) => [r.appid, r.low, r.high])).toEqual([
      [10, 10_000_000, 20_000_000],
      [20, 5_000_000, 10_000_000],
      [30, 5_000_000, 10_000_000],
    ]);
  });
});

describe("GET /api/estimates/totals", () => {
  // Report r31-a #2: the screener's summary refuses a regular user the market size of a niche, and
  // this call answered the same sums (and more) to anyone signed in. Premium, as the screener.
  test("a regular user is refused the totals as the screener refuses them; premium and admin get them", async () => {
    const path = "/api/estimates/totals?by=genre&name=Action";
    const refused = await request(path, { cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toBe("This feature needs a Premium plan");
    const screener = await request("/api/market/summary?genre=Action", { cookie });
    expect(screener.status).toBe(403);
    expect((await request(path)).status).toBe(401);
    expect((await request(path, { cookie: premiumCookie })).status).toBe(200);
    const admin = (await createTestUser({ role: "admin" })).cookie;
    expect((await request(path, { cookie: admin })).status).toBe(200);
  });

  test("sums by developer, genre and tag; filters to one name", async () => {
    await recomputeEstimates();
    const res = await request("/api/estimates/totals?by=developer&name=Valve", { cookie: premiumCookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.totals).toHaveLength(1);
    expect(body.totals[0].name).toBe("Valve");
    expect(body.totals[0].games).toBeGreaterThan(3);
    expect(body.totals[0].owners.mid).toBeGreaterThan(body.totals[0].games * 100_000);
    expect(body.modelVersion).toBe(MODEL_VERSION);

    const genres = await (
      await request("/api/estimates/totals?by=genre&sort=owners&limit=3", { cookie: premiumCookie })
    ).json();
    expect(genres.totals).toHaveLength(3);
    expect(genres.totals[0].owners.mid).toBeGreaterThanOrEqual(genres.totals[1].owners.mid);
    const tags = await (
      await request("/api/estimates/totals?by=tag&limit=5", { cookie: premiumCookie })
    ).json();
    expect(tags.totals.length).toBeGreaterThan(0);
  });

  // Review 12: the totals said nothing of the low-signal P50s they sum, as company pages now do.
  test("each group says how many of its games' estimates are low-signal", async () => {
    const { ids } = await upsertGames(
      [
        {
          name: "Signal Loud",
          steamAppId: 990010,
          developer: "Signal Count Studio",
          price: 9.99,
          positiveReviews: 900,
          negativeReviews: 100,
        },
        {
          name: "Signal Quiet",
          steamAppId: 990011,
          developer: "Signal Count Studio",
          price: 9.99,
          positiveReviews: 2,
          negativeReviews: 0,
        },
      ],
      "test",
    );
    await recomputeEstimates({ gameIds: ids });
    const body = await (
      await request("/api/estimates/totals?by=developer&name=signal%20count%20studio", {
        cookie: premiumCookie,
      })
    ).json();
    expect(
      body.totals.map((t: { games: number; lowSignalGames: number }) => [t.games, t.lowSignalGames]),
    ).toEqual([[2, 1]]);
  });

  test("the name filter ignores case and accents", async () => {
    await upsertGames(
      [
        {
          name: "Hand-made Accent Game",
          steamAppId: 990002,
          developer: "Café Studio",
          price: 4.99,
          genres: ["Indie"],
        },
      ],
      "test",
    );
    await recomputeEstimates();
    const totals = async (q: string) =>
      (await (await request(`/api/estimates/totals?${q}`, { cookie: premiumCookie })).json())
        .totals as Array<{
        name: string;
        games: number;
      }>;
    const action = await totals("by=genre&name=Action");
    expect(action).toHaveLength(1);
    expect(await totals("by=genre&name=action")).toEqual(action);
    expect(await totals("by=genre&name=%20ACTION%20")).toEqual(action);
    expect((await totals("by=developer&name=valve")).map((t) => t.name)).toEqual(["Valve"]);
    expect((await totals("by=developer&name=cafe%20studio")).map((t) => [t.name, t.games])).toEqual([
      ["Café Studio", 1],
    ]);
    expect(await totals("by=developer&name=No%20Such%20Studio")).toEqual([]);
    // The names are kept between requests, and read again once the catalog changes: a spelling that
    // arrives later (another source's capitals) is summed at the next request, into the one company
    // its page shows (one slug), named by the first spelling in name order.
    await upsertGames(
      [{ name: "Second Accent Game", steamAppId: 990003, developer: "CAFE STUDIO", price: 2.99 }],
      "test",
    );
    await recomputeEstimates();
    expect((await totals("by=developer&name=cafe%20studio")).map((t) => [t.name, t.games])).toEqual([
      ["CAFE STUDIO", 2],
    ]);
  });

  test("a bad grouping is a 422 naming the parameter", async () => {
    const res = await request("/api/estimates/totals?by=platform", { cookie: premiumCookie });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors[0].field).toBe("by");
  });
});

describe("GET /api/estimates/methodology", () => {
  test("publishes the model version, fitted coefficients, revenue parameters and the latest back-test", async () => {
    const res = await request("/api/estimates/methodology", { cookie });
    expect(res.status).toBe(200);
    const body = MethodologySchema.parse(await res.json());
    expect(body.modelVersion).toBe(MODEL_VERSION);
    expect(body.reviewModel.features).toContain("log reviews");
    expect(body.revenueParameters.map((p) => p.name)).toEqual([
      "unpaidOwnerShare",
      "regionalPricing",
      "averageDiscount",
      "refundRate",
      "salesTax",
      "storeCutTiers",
    ]);
  });
});

describe("list price", () => {
  test("the list price goes with the price: a sale's end clears the discount; a record without one leaves it unknown", async () => {
    const day = (d: number) => new Date(Date.UTC(2024, 0, d));
    const game = {
      name: "Hand-made Sale Game",
      steamAppId: 990020,
      positiveReviews: 900,
      negativeReviews: 100,
    };
    const read = async () => {
      const [g, e] = await Promise.all([
        request("/api/games/steam-990020", { cookie }).then((r) => r.json()),
        request("/api/games/steam-990020/estimates", { cookie }).then((r) => r.json()),
      ]);
      return { price: g.price, discount: g.discount?.percent ?? null, estimated: e.inputs.priceUsd };
    };
    const { ids } = await upsertGames([{ ...game, price: 4.99, listPrice: 19.99, asOf: day(10) }], "test");
    await recordMetrics([
      { gameId: ids[0]!, metric: "price", ts: day(10), value: 4.99, period: "instant", source: "test" },
    ]);
    await recomputeEstimates({ gameIds: ids });
    expect(await read()).toEqual({ price: 4.99, discount: 75, estimated: 19.99 });
    // An older record (a file of an earlier day) changes neither the price nor its list price.
    await upsertGames([{ ...game, price: 2.99, listPrice: 29.99, asOf: day(1) }], "test");
    await recomputeEstimates({ gameIds: ids });
    expect(await read()).toEqual({ price: 4.99, discount: 75, estimated: 19.99 });
    // The sale ends: the same list price, the price back up to it.
    await upsertGames([{ ...game, price: 19.99, listPrice: 19.99, asOf: day(20) }], "test");
    await recomputeEstimates({ gameIds: ids });
    expect(await read()).toEqual({ price: 19.99, discount: null, estimated: 19.99 });
    // A newer record with a price and no list price: the list price is unknown, the price is read.
    await upsertGames([{ ...game, price: 14.99, asOf: day(30) }], "test");
    await recomputeEstimates({ gameIds: ids });
    expect(await read()).toEqual({ price: 14.99, discount: null, estimated: 14.99 });
  });
});

// Report r14-b #8: the source line named every source that ever gave the game's reviews (the 2019
// snapshot's beside SteamSpy's 2023 counts), though the estimate used the newest counts only.
test("the estimate's source line names the source of the review counts it used, not every source of reviews", async () => {
  const { ids } = await upsertGames(
    [{ name: "Two Review Sources", steamAppId: 993_001, price: 9.99 }],
    "test",
  );
  const gameId = ids[0]!;
  const reviews = (source: string, ts: Date, positive: number) =>
    recordMetrics([
      { gameId, metric: "reviews_positive", ts, value: positive, period: "instant", source },
      { gameId, metric: "reviews_negative", ts, value: 100, period: "instant", source },
    ]);
  await reviews("steam-store-csv", new Date(Date.UTC(2019, 4, 1)), 1_000);
  await reviews("steamspy-csv", new Date(Date.UTC(2023, 0, 1)), 5_000);
  await recomputeEstimates({ gameIds: [gameId] });
  const body = GameEstimateSchema.parse(
    await (await request("/api/games/steam-993001/estimates", { cookie })).json(),
  );
  expect(body.inputs.positiveReviews).toBe(5_000);
  expect(body.provenance.source).toBe("Steam via SteamSpy (dataset) (reviews)");
  expect(body.inputSources?.reviews).toEqual({
    source: "Steam via SteamSpy (dataset)",
    asOf: "2023-01-01T00:00:00.000Z",
  });
});

// Report r23-a #10: the one-line credit "Steam via SteamSpy (dataset) (reviews); …; SteamCharts
// (players) · Jun 2023" dated SteamCharts' series, which ends in February 2022, by the reviews' June
// 2023. `sources` gives each input's source at its own time, which the source line shows.
test("the estimate's sources date each input by its own time", async () => {
  const { ids } = await upsertGames([{ name: "Dated Inputs", steamAppId: 993_002, price: 9.99 }], "test");
  const gameId = ids[0]!;
  await recordMetrics([
    ...[0, 1].flatMap((m) =>
      ["reviews_positive", "reviews_negative"].map((metric) => ({
        gameId,
        metric: metric as "reviews_positive" | "reviews_negative",
        ts: new Date(Date.UTC(2023, 5, 1)),
        value: metric === "reviews_positive" ? 50_000 + m : 5_000,
        period: "instant" as const,
        source: "steamspy-csv",
      })),
    ),
    ...Array.from({ length: 12 }, (_, m) => ({
      gameId,
      metric: "players" as const,
      ts: new Date(Date.UTC(2021, 2 + m, 1)),
      value: 2_000,
      period: "month" as const,
      source: "steamcharts-csv",
    })),
  ]);
  await recomputeEstimates({ gameIds: [gameId] });
  const body = GameEstimateSchema.parse(
    await (await request("/api/games/steam-993002/estimates", { cookie })).json(),
  );
  expect(body.inputs.playerSeries?.to).toBe("2022-02-01");
  expect(body.sources).toEqual([
    { source: "Steam via SteamSpy (dataset) (reviews)", asOf: "2023-06-01T00:00:00.000Z" },
    { source: "SteamCharts (players)", asOf: "2022-02-01" },
  ]);
  // The whole estimate stays dated by its newest input.
  expect(body.provenance.asOf).toBe("2023-06-01T00:00:00.000Z");
});
