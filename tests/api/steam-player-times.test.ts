import { afterEach, expect, test, vi } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { SteamClient } from "../../src/server/sources/steam.ts";
import { syncSource } from "../../src/server/sync/index.ts";

/**
 * Outside testers: a Steam sync's player counts, fetched over about two minutes (1 call per 1.5 s),
 * were all stamped with the run's start. Each is stamped when it was fetched; the daily figures keep
 * the run's day, and the series by day places each count on its own day.
 */
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

test("each player count carries the time it was fetched", async () => {
  await upsertGames(
    [
      { name: "Alpha", steamAppId: 101 },
      { name: "Beta", steamAppId: 102 },
      { name: "Gamma", steamAppId: 103 },
    ],
    "test",
  );
  const start = Date.parse("2026-11-20T10:00:00.000Z");
  vi.useFakeTimers({ toFake: ["Date"], now: start });
  // Each call takes 40 s of the clock, as paced calls do; the answer comes at its end.
  vi.spyOn(SteamClient.prototype, "currentPlayers").mockImplementation(async (appid: number) => {
    vi.setSystemTime(Date.now() + 40_000);
    return appid * 10;
  });
  vi.spyOn(SteamClient.prototype, "reviewSummary").mockResolvedValue({ positive: 9, negative: 1 } as never);
  vi.spyOn(SteamClient.prototype, "appDetails").mockResolvedValue(null);

  await syncSource("steam", { steamGames: 3 });
  vi.useRealTimers();

  const rs = await rawClient().execute(
    "SELECT value, ts, period FROM game_metrics WHERE source = 'steam-api' AND metric = 'players' ORDER BY ts",
  );
  expect(rs.rows.map((r) => [Number(r.value), Number(r.ts) - start])).toEqual(
    expect.arrayContaining([
      [expect.any(Number), 40_000],
      [expect.any(Number), 80_000],
      [expect.any(Number), 120_000],
    ]),
  );
  expect(new Set(rs.rows.map((r) => Number(r.ts))).size).toBe(3);
  // The reviews stay one point of the run's day.
  const reviews = await rawClient().execute(
    "SELECT DISTINCT ts FROM game_metrics WHERE source = 'steam-api' AND metric = 'reviews_positive'",
  );
  expect(reviews.rows.map((r) => Number(r.ts))).toEqual([Date.parse("2026-11-20T00:00:00.000Z")]);
});
