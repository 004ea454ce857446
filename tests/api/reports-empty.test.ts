import { expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { db } from "../../src/server/db/client.ts";
import { reports } from "../../src/server/db/schema/index.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review r22-c #2 and #3: a catalog with no player figures is no data, not zero. The Overview answers
 * its players and the AI's projected counts as `null`, and a report that would hold nothing is
 * stored with why it is empty (`emptyReason`).
 * The tests run in order: the catalog has no player figure until the last one adds one.
 */

const generate = (user: TestUser, reportType: string) =>
  request("/api/analytics/reports", { method: "POST", cookie: user.cookie, json: { reportType } });

test("with no player figures the Overview answers null, not 0 players or 0 projected", async () => {
  const premium = await createTestUser({ role: "premium" });
  await upsertGames([{ name: "Quiet Game", genres: ["Action"] }], "test");
  const res = await request("/api/analytics/overview", { cookie: premium.cookie });
  expect(res.status).toBe(200);
  const figures = await res.json();
  expect(figures.marketActivity).toMatchObject({ players: null, change: null, games: 0 });
  expect(figures.aiPredictions).toMatchObject({
    rising: null,
    stable: null,
    declining: null,
    projected: null,
    provenance: { source: "none", asOf: null },
  });
});

test("an empty market overview or genre trends report says why it is empty", async () => {
  const user = await createTestUser();
  const market = await generate(user, "market_overview");
  expect(market.status).toBe(201);
  expect((await market.json()).data.emptyReason).toBe(
    "A market overview sums the catalog's players and ranks its trending games by player counts, and no game has any yet. Player history starts with the first live sync: generate the report once it has run.",
  );

  const genres = await generate(user, "genre_trends");
  expect(genres.status).toBe(201);
  const stored = await genres.json();
  expect(stored.data.genres).toEqual([]);
  expect(stored.data.emptyReason).toBe(
    "A genre trends report needs genres with a player series, and none has one. No game has player counts yet. A genre appears once 3 or more of its games have player counts in at least 5 weeks of the latest 90 days, or monthly averages in at least 6 of the latest 12 months. Player history starts with the first live sync.",
  );
  // Read back, the reason is kept with the report.
  const read = await (await request(`/api/analytics/reports/${stored.id}`, { cookie: user.cookie })).json();
  expect(read.data.emptyReason).toBe(stored.data.emptyReason);

  // An empty watchlist's summary says so itself ("0 tracked games"): no reason added.
  const watch = await generate(user, "watchlist_summary");
  expect(watch.status).toBe(201);
  const summary = (await watch.json()).data;
  expect(summary).toMatchObject({ trackedCount: 0, games: [] });
  expect(summary.emptyReason).toBeUndefined();
});

test("a market overview stored with players 0 over no game reads as null", async () => {
  const user = await createTestUser();
  const id = crypto.randomUUID();
  await db()
    .insert(reports)
    .values({
      id,
      userId: user.user.id,
      reportType: "market_overview",
      data: { marketActivity: { players: 0, change: null, games: 0 }, topTrending: [], largestGenres: [] },
    });
  const read = await (await request(`/api/analytics/reports/${id}`, { cookie: user.cookie })).json();
  expect(read.data.marketActivity).toEqual({ players: null, change: null, games: 0 });
});

test("with one game's player figures the market overview is stored with them", async () => {
  const user = await createTestUser();
  const { ids } = await upsertGames([{ name: "Counted Game", genres: ["Action"] }], "test");
  await recordMetrics([
    { gameId: ids[0]!, metric: "players", ts: new Date(Date.UTC(2026, 10, 20)), value: 1234, source: "test" },
  ]);
  const market = await generate(user, "market_overview");
  expect(market.status).toBe(201);
  const data = (await market.json()).data;
  expect(data.marketActivity).toMatchObject({ players: 1234, games: 1 });
  expect(data.emptyReason).toBeUndefined();
  // One game on one day is no genre series yet: still empty, and says so.
  expect((await (await generate(user, "genre_trends")).json()).data.emptyReason).toBe(
    "A genre trends report needs genres with a player series, and none has one. In the latest 90 days of player data (Aug 22, 2026 to Nov 20, 2026), 1 game has daily or live player counts (test), and no genre has 3 of its games counted in 5 different weeks yet. A genre appears once 3 or more of its games have player counts in at least 5 weeks of the latest 90 days, or monthly averages in at least 6 of the latest 12 months. Player history grows with each live sync.",
  );
});

test("a genre trends report over monthly averages says they are monthly, and when the daily counts end", async () => {
  // Review r23-a #4: 958 games with SteamCharts monthly series were told "none has one yet".
  const user = await createTestUser();
  const { ids } = await upsertGames(
    ["Monthly A", "Monthly B", "Monthly C"].map((name) => ({ name, genres: ["Strategy"] })),
    "test",
  );
  await recordMetrics(
    ids.flatMap((gameId, i) =>
      [5, 6, 7, 8].map((month) => ({
        gameId,
        metric: "players" as const,
        ts: new Date(Date.UTC(2027, month, 1)),
        value: 1000 * (i + 1) + month,
        period: "month" as const,
        source: "steamcharts-csv",
      })),
    ),
  );
  const res = await generate(user, "genre_trends");
  expect(res.status).toBe(201);
  const data = (await res.json()).data;
  expect(data.genres).toEqual([]);
  expect(data.emptyReason).toBe(
    "A genre trends report needs genres with a player series, and none has one. The player figures in the latest 90 days of player data (Jun 3, 2027 to Sep 1, 2027) are monthly averages only (SteamCharts, newest Sep 2027, 3 games): a month's average is one figure a month, and a genre needs them in 6 of the latest 12 months. The catalog's daily or live player counts end on Nov 20, 2026, before that window. A genre appears once 3 or more of its games have player counts in at least 5 weeks of the latest 90 days, or monthly averages in at least 6 of the latest 12 months. Player history grows with each live sync.",
  );
});
