import { beforeAll, expect, test } from "vitest";
import type { TrendingGame } from "../../src/contracts/games.ts";
import { CHANGE_DEBOUNCE_MS } from "../../src/server/catalog/changes.ts";
import { getTrendingGames, getTrendingSnapshot, publishTrending } from "../../src/server/catalog/trending.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { env } from "../../src/server/env.ts";
import { attachServer, detachServer } from "../../src/server/realtime/hub.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

const DAY = 86_400_000;
const WRITE_MODULE = new URL("../../src/server/catalog/write.ts", import.meta.url).pathname;
const END = Date.UTC(2026, 10, 20);
let user: TestUser;
let ids: string[];

/** 14 daily points: a week at `before`, then a week at `after` players. */
function series(gameId: string, before: number, after: number): MetricPoint[] {
  return Array.from({ length: 14 }, (_, i) => ({
    gameId,
    metric: "players" as const,
    ts: new Date(END - (13 - i) * DAY),
    value: i < 7 ? before : after,
    period: "day" as const,
    source: "test",
  }));
}

/** What the hub publishes from now on (a stand-in server); `detachServer()` when done. */
function capturePublished(): Array<{ topic: string; data: unknown }> {
  const published: Array<{ topic: string; data: unknown }> = [];
  attachServer({
    publish: (topic: string, data: string | ArrayBufferLike) => {
      published.push({ topic, data: JSON.parse(String(data)) });
      return 0;
    },
  } as never);
  return published;
}

beforeAll(async () => {
  user = await createTestUser();
  ({ ids } = await upsertGames(
    [
      { name: "Big Steady", genres: ["Action"], platforms: ["PC"], price: 0 },
      { name: "Small Rocket", genres: ["Indie"], platforms: ["PC", "Mac"], price: 9.99, rating: 90 },
      { name: "Huge Grower", genres: ["Action"], platforms: ["PC"], price: 59.99 },
      { name: "Falling Star", genres: ["Indie"], platforms: ["PC"] },
      { name: "Tiny Doubler", genres: ["Puzzle"], platforms: ["PC"] },
      { name: "No Series", genres: ["Puzzle"] },
    ],
    "test",
  ));
  await recordMetrics([
    ...series(ids[0]!, 100_000, 101_000), // +1% on a big base
    ...series(ids[1]!, 2_000, 6_000), // tripled, small
    ...series(ids[2]!, 500_000, 600_000), // +20% on a huge base
    ...series(ids[3]!, 50_000, 30_000), // falling
    ...series(ids[4]!, 40, 80), // doubled, but under 100 players: too small to rank
  ]);
});

test("growth weighted by size decides the order; falling, tiny and series-less games stay out", async () => {
  const res = await request("/api/games/trending", { cookie: user.cookie });
  expect(res.status).toBe(200);
  const list = (await res.json()) as Array<{ gameName: string; growth: number; playerCount: number }>;
  // Small Rocket: 2 × log10(6001) ≈ 7.6; Huge Grower: 0.2 × log10(600001) ≈ 1.16; Big Steady: 0.01 × 5 ≈ 0.05.
  expect(list.map((g) => g.gameName)).toEqual(["Small Rocket", "Huge Grower", "Big Steady"]);
});

test("each entry carries the spec's trending-game fields", async () => {
  const [first] = await (await request("/api/games/trending", { cookie: user.cookie })).json();
  expect(first).toEqual(
    expect.objectContaining({
      id: ids[1],
      gameId: ids[1],
      gameName: "Small Rocket",
      platform: "PC",
      genre: "Indie",
      playerCount: 6000,
      previousPlayerCount: 2000,
      growth: 2,
      growthBasis: "7 days",
      price: 9.99,
      rating: 4.5,
      imageUrl: null,
    }),
  );
});

test("is recomputed when the data changes, and published on trending_games", async () => {
  const published = capturePublished();
  try {
    expect((await getTrendingGames()).map((g) => g.gameName)).not.toContain("Falling Star");
    await publishTrending();
    published.length = 0;
    await recordMetrics(series(ids[3]!, 30_000, 90_000));
    // The cache is dropped at once…
    expect((await getTrendingGames())[0]?.gameName).toBe("Falling Star");
    // …and live screens hear about it once the burst of changes settles.
    await new Promise((r) => setTimeout(r, CHANGE_DEBOUNCE_MS + 200));
    const events = published.filter((p) => p.topic.includes("trending_games"));
    // Once: the recompute that found the list moved is the one that tells them.
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]!.data)).toContain("Falling Star");
  } finally {
    detachServer();
  }
});

test("re-recording the same points changes nothing and publishes nothing new", async () => {
  expect(await recordMetrics(series(ids[3]!, 30_000, 90_000))).toBe(0);
});

test("another process's new points reach the list at the next request, and live screens hear of it", async () => {
  const published = capturePublished();
  try {
    await publishTrending();
    published.length = 0;
    const names = async () =>
      ((await (await request("/api/games/trending", { cookie: user.cookie })).json()) as TrendingGame[]).map(
        (g) => g.gameName,
      );
    expect(await names()).not.toContain("No Series");
    // An import run by hand: another process records points, with no signal inside this one.
    const points = series(ids[5]!, 1_000, 50_000).map((p) => ({ ...p, ts: p.ts.getTime() }));
    const child = Bun.spawnSync(
      [
        "bun",
        "-e",
        `const { recordMetrics } = await import(${JSON.stringify(WRITE_MODULE)});
         const points = ${JSON.stringify(points)};
         await recordMetrics(points.map((p) => ({ ...p, ts: new Date(p.ts) })));
         process.exit(0);`,
      ],
      { env: { ...process.env, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "error" } },
    );
    expect(child.exitCode).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await names())[0]).toBe("No Series");
    const event = published.find((p) => p.topic.includes("trending_games"));
    expect(JSON.stringify(event?.data)).toContain("No Series");
    // Asked again with nothing new: kept, and nothing more published.
    published.length = 0;
    const kept = await getTrendingSnapshot();
    expect((await names())[0]).toBe("No Series");
    // A commit that changes no game (a setting, a sign-in) keeps the list as it is.
    await rawClient().execute(
      "INSERT INTO system_settings (key, value, updated_at) VALUES ('trending-test', '1', 0) ON CONFLICT (key) DO UPDATE SET value = value || '1'",
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(await getTrendingSnapshot()).toBe(kept);
    expect(published).toEqual([]);
  } finally {
    detachServer();
  }
});

test("counts during the day compare this week's daily means with last week's, from the newest point's source", async () => {
  const { ids: [live, monthly] = [] } = await upsertGames(
    [
      { name: "Live Counted", genres: ["Strategy"] },
      { name: "Monthly Averaged", genres: ["Strategy"] },
    ],
    "test",
  );
  const points: MetricPoint[] = [];
  // A count every 3 hours for 14 whole days before END's day: 800/1,200 the first week (a daily mean
  // of 1,000), 1,600/2,400 the second (2,000); the last count of the second week (1,600) is below the
  // one before it: one count against the previous says −33 %, the weeks +100 %. Then END's morning so
  // far, 4 night counts of 500: a day not over yet, left out (its hours would pull its mean down).
  for (let k = 0; k < 14 * 8 + 4; k++) {
    const ts = END - 14 * DAY + k * 3 * 3_600_000;
    const week = Math.floor(k / (7 * 8));
    points.push({
      gameId: live!,
      metric: "players",
      ts: new Date(ts),
      value: week === 2 ? 500 : (week + 1) * (k % 2 === 0 ? 1_200 : 800),
      period: "instant",
      source: "live-test",
    });
  }
  // Another source's daily peaks on the same days, at another level: not mixed into the means.
  for (let d = 0; d <= 14; d++)
    points.push({
      gameId: live!,
      metric: "players",
      ts: new Date(END - d * DAY),
      value: 10_000,
      period: "day",
      source: "peaks-test",
    });
  // Monthly averages: the latest month against the month before.
  for (const [month, value] of [
    [8, 1_000],
    [9, 1_500],
    [10, 3_000],
  ] as const)
    points.push({
      gameId: monthly!,
      metric: "players",
      ts: new Date(Date.UTC(2026, month, 1)),
      value,
      period: "month",
      source: "monthly-test",
    });
  await recordMetrics(points);
  const list = await getTrendingGames();
  const counted = list.find((g) => g.gameName === "Live Counted");
  expect(counted).toEqual(
    expect.objectContaining({
      currentAverage: 2_000,
      previousPlayerCount: 1_000,
      growth: 1,
      growthBasis: "7 days",
    }),
  );
  // Each says what it compared: the screens name the month, not 7 days.
  expect(list.find((g) => g.gameName === "Monthly Averaged")).toEqual(
    expect.objectContaining({
      currentAverage: 3_000,
      previousPlayerCount: 1_500,
      growth: 1,
      growthBasis: "month",
    }),
  );
});

test("counts without a week before them compare their last 24 hours with the 24 before", async () => {
  const {
    ids: [young, newborn],
  } = await upsertGames([{ name: "Young Live" }, { name: "Newborn Live" }], "test");
  const last = END + 12 * 3_600_000;
  const points: MetricPoint[] = [];
  // A count every 3 hours for 3 days: 1,000 the first two, then 2,400 and 1,600 in turn (a mean of
  // 2,000), ending on 1,600: the last two counts say −33 %, the days +100 %.
  for (let k = 0; k < 24; k++)
    points.push({
      gameId: young!,
      metric: "players",
      ts: new Date(last - (23 - k) * 3 * 3_600_000),
      value: k < 16 ? 1_000 : k % 2 === 0 ? 2_400 : 1_600,
      period: "instant",
      source: "live-test",
    });
  // Two counts an hour apart: all there is to compare.
  for (const [hoursAgo, value] of [
    [1, 1_000],
    [0, 1_500],
  ] as const)
    points.push({
      gameId: newborn!,
      metric: "players",
      ts: new Date(last - hoursAgo * 3_600_000),
      value,
      period: "instant",
      source: "live-test",
    });
  await recordMetrics(points);
  const list = await getTrendingGames();
  expect(list.find((g) => g.gameName === "Young Live")).toEqual(
    expect.objectContaining({
      currentAverage: 2_000,
      previousPlayerCount: 1_000,
      growth: 1,
      growthBasis: "24 hours",
    }),
  );
  expect(list.find((g) => g.gameName === "Newborn Live")).toEqual(
    expect.objectContaining({
      currentAverage: 1_500,
      previousPlayerCount: 1_000,
      growth: 0.5,
      growthBasis: "last two counts",
    }),
  );
});

test("trending needs a session", async () => {
  expect((await request("/api/games/trending")).status).toBe(401);
});
