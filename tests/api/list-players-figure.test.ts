import { beforeAll, expect, test } from "vitest";
import type { GameListPage, SearchResult, TrendingGame, UserGame } from "../../src/contracts/games.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

// Report r25, item 2: search, the watchlist and trending answered `playerCount` as the latest count
// alone (null for a game whose only player figures are daily peaks) while `/api/games` and the
// screener answer the figure the screens show, a peak-only game's peak named by `playersFigure`. Every
// list now answers the same `players`, `playerCount` and `playersFigure`.
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
const DEC_14_2022 = new Date(Date.UTC(2022, 11, 14));
let user: TestUser;
let ids: string[];

beforeAll(async () => {
  user = await createTestUser();
  ({ ids } = await upsertGames(
    [{ name: "Peakonly Figure Saga" }, { name: "Counted Figure Saga" }, { name: "Silent Figure Saga" }],
    "steamspy-csv",
  ));
  const growing: MetricPoint[] = Array.from({ length: 14 }, (_, i) => ({
    gameId: ids[1]!,
    metric: "players",
    ts: new Date(END - (13 - i) * DAY),
    value: i < 7 ? 1_000 : 1_500,
    period: "day",
    source: "steam-api",
  }));
  await recordMetrics([
    {
      gameId: ids[0]!,
      metric: "players_peak",
      ts: DEC_14_2022,
      value: 12_345,
      period: "day",
      source: "steamdb-csv",
    },
    ...growing,
  ]);
  for (const gameId of ids)
    expect(
      (await request("/api/user/games", { cookie: user.cookie, method: "POST", json: { gameId } })).status,
    ).toBe(201);
});

const get = async <T>(path: string): Promise<T> =>
  (await (await request(path, { cookie: user.cookie })).json()) as T;
type Figures = Pick<UserGame, "playerCount" | "playersFigure" | "players">;
const figures = (g: Figures) => ({
  playerCount: g.playerCount,
  playersFigure: g.playersFigure,
  players: g.players,
});

test("search and the watchlist answer the players /api/games answers, a peak named as a peak", async () => {
  const listed = new Map(
    (await get<GameListPage>("/api/games?pageSize=100")).games.map((g) => [g.gameName, figures(g)]),
  );
  expect(listed.get("Peakonly Figure Saga")).toMatchObject({
    playerCount: 12_345,
    playersFigure: {
      value: 12_345,
      at: DEC_14_2022.toISOString(),
      measure: "peak",
      days: 1,
      source: "SteamDB",
    },
  });
  const searched = await get<SearchResult[]>("/api/games/search?q=figure%20saga");
  const watched = await get<UserGame[]>("/api/user/games");
  for (const list of [searched, watched]) {
    expect(list).toHaveLength(3);
    for (const g of list) expect(figures(g), g.gameName).toEqual(listed.get(g.gameName));
  }
  expect(figures(watched.find((g) => g.gameName === "Silent Figure Saga")!)).toEqual({
    playerCount: null,
    playersFigure: null,
    players: null,
  });
});

test("trending answers the same figures: its latest count, named as one", async () => {
  const [game] = await get<TrendingGame[]>("/api/games/trending");
  expect(game?.gameName).toBe("Counted Figure Saga");
  expect(game?.playersFigure).toMatchObject({
    value: 1_500,
    at: new Date(END).toISOString(),
    measure: "count",
  });
  const listed = (await get<GameListPage>("/api/games?pageSize=100")).games.find(
    (g) => g.gameId === game?.gameId,
  );
  expect(figures(game!)).toEqual(figures(listed!));
});

test("the watchlist report gives each game's players as the watchlist does, named", async () => {
  const res = await request("/api/analytics/reports", {
    method: "POST",
    cookie: user.cookie,
    json: { reportType: "watchlist_summary" },
  });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as {
    data: { games: Array<Pick<UserGame, "gameName" | "playerCount" | "playersFigure">> };
  };
  const watched = new Map((await get<UserGame[]>("/api/user/games")).map((g) => [g.gameName, g]));
  for (const g of data.games) {
    expect(g.playerCount, g.gameName).toBe(watched.get(g.gameName)?.playerCount);
    expect(g.playersFigure, g.gameName).toEqual(watched.get(g.gameName)?.playersFigure);
  }
  expect(data.games.find((g) => g.gameName === "Peakonly Figure Saga")?.playersFigure).toMatchObject({
    measure: "peak",
    source: "SteamDB",
  });
});

test("the game page answers the players the lists answer, a peak-only game's peak named as a peak", async () => {
  // Report r25 #5: GET /api/games/:id answered `playerCount: null` and no `playersFigure` for a
  // peak-only game while every list answered its peak.
  const listed = new Map(
    (await get<GameListPage>("/api/games?pageSize=100")).games.map((g) => [g.gameId, figures(g)]),
  );
  for (const id of ids) {
    const detail = await get<Figures>(`/api/games/${id}`);
    expect(figures(detail)).toEqual(listed.get(id));
  }
  const peakOnly = await get<Figures>(`/api/games/${ids[0]}`);
  expect(peakOnly.playerCount).toBe(12_345);
  expect(peakOnly.playersFigure).toMatchObject({ measure: "peak", days: 1, source: "SteamDB" });
});
