import { beforeAll, expect, test } from "vitest";
import type { GameListPage } from "../../src/contracts/games.ts";
import type { ScreenerPage } from "../../src/contracts/market.ts";
import { compareText } from "../../src/server/catalog/catalog-index.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, csvRows, request, type TestUser } from "../helpers/api.ts";

// Report r23-a, items 1 and 3: sorting by players put the games whose only player figure is a daily
// peak (ELDEN RING's 39,123) among the 26,000 games with no figure, although the Players column shows
// it; and the screener's JSON said `players: null` for it while its CSV said 39123. The order is now
// in tiers (counts and monthly averages, then peaks, then unknowns; each by id on ties), and
// `players` is the shown figure in the JSON as in the CSV.

let premium: TestUser;
const DAY = 86_400_000;
const MAY_31_2023 = Date.UTC(2023, 4, 31);

/** What each game is given, and the figure it shows (null: none). */
interface Planned {
  name: string;
  kind: "count" | "peak" | "unknown";
  value: number | null;
}
const planned: Planned[] = [];
const ids = new Map<string, string>();

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  // Few distinct values, so ties are broken by the id; counts and peaks overlap in range, so a
  // single column would interleave them.
  for (let i = 0; i < 18; i++)
    planned.push({ name: `Counted ${i}`, kind: "count", value: [500, 1_000, 40_000][i % 3]! });
  for (let i = 0; i < 15; i++)
    planned.push({ name: `Peaked ${i}`, kind: "peak", value: [300, 39_123, 900_000][i % 3]! });
  for (let i = 0; i < 20; i++) planned.push({ name: `Unknown ${i}`, kind: "unknown", value: null });
  const { ids: made } = await upsertGames(
    planned.map((p) => ({ name: p.name })),
    "steamspy-csv",
  );
  for (const [i, p] of planned.entries()) ids.set(p.name, made[i]!);
  const points: MetricPoint[] = [];
  for (const p of planned) {
    const gameId = ids.get(p.name)!;
    if (p.kind === "count")
      points.push({
        gameId,
        metric: "players",
        ts: new Date(Date.UTC(2022, 1, 1)),
        value: p.value!,
        period: "month",
        source: "steamcharts-csv",
      });
    if (p.kind === "peak") {
      // An older, higher daily peak outside the 7 days up to the newest one: not the shown peak.
      points.push({
        gameId,
        metric: "players_peak",
        ts: new Date(MAY_31_2023 - 400 * DAY),
        value: 5_000_000,
        period: "day",
        source: "steamdb-csv",
      });
      points.push({
        gameId,
        metric: "players_peak",
        ts: new Date(MAY_31_2023 - 2 * DAY),
        value: p.value! - 1,
        period: "day",
        source: "steamdb-csv",
      });
      points.push({
        gameId,
        metric: "players_peak",
        ts: new Date(MAY_31_2023),
        value: p.value!,
        period: "day",
        source: "steamspy-csv",
      });
    }
  }
  await recordMetrics(points);
});

const tier = { count: 0, peak: 1, unknown: 2 } as const;

/** The order expected: tier, then value in the asked direction, then id. */
function expectedOrder(order: "asc" | "desc"): string[] {
  const sign = order === "asc" ? 1 : -1;
  return [...planned]
    .sort((a, b) => {
      if (a.kind !== b.kind) return tier[a.kind] - tier[b.kind];
      if (a.value !== b.value) return sign * ((a.value ?? 0) - (b.value ?? 0));
      return compareText(ids.get(a.name)!, ids.get(b.name)!);
    })
    .map((p) => p.name);
}

async function walkScreener(order: "asc" | "desc"): Promise<ScreenerPage["rows"]> {
  const rows: ScreenerPage["rows"] = [];
  for (let page = 1; ; page++) {
    const res = await request(`/api/market/screener?sort=players&order=${order}&page=${page}&pageSize=7`, {
      cookie: premium.cookie,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ScreenerPage;
    rows.push(...body.rows);
    if (body.rows.length < 7) {
      expect(body.total).toBe(rows.length);
      return rows;
    }
  }
}

test("the screener sorts by players in tiers: counts, then peaks, then unknowns, in both directions", async () => {
  for (const order of ["desc", "asc"] as const) {
    const rows = await walkScreener(order);
    expect(
      rows.map((r) => r.name),
      order,
    ).toEqual(expectedOrder(order));
    // The JSON's `players` is the figure shown, the peak for a peak-only game, named by playersFigure.
    for (const r of rows) {
      const p = planned.find((x) => x.name === r.name)!;
      expect(r.players, r.name).toBe(p.value);
      expect(r.playersFigure?.value ?? null, r.name).toBe(p.value);
      if (p.kind === "peak") expect(r.playersFigure).toMatchObject({ measure: "peak", days: 2 });
    }
  }
});

test("the screener's CSV has the same order and the same players as its JSON", async () => {
  const rows = await csvRows("/api/market/screener?format=csv&sort=players&order=desc&columns=name,players", {
    cookie: premium.cookie,
  });
  const header = rows[0]!;
  const name = header.indexOf("name");
  const players = header.findIndex((h) => h.startsWith("players"));
  expect(rows.slice(1).map((r) => r[name])).toEqual(expectedOrder("desc"));
  const json = await walkScreener("desc");
  expect(rows.slice(1).map((r) => (r[players] === "" ? null : Number(r[players])))).toEqual(
    json.map((r) => r.players),
  );
});

test("GET /api/games?sort=players: the same tiers, and playerCount is the shown figure", async () => {
  const games: GameListPage["games"] = [];
  for (let page = 1; ; page++) {
    const res = await request(`/api/games?sort=players&page=${page}&pageSize=7`, { cookie: premium.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as GameListPage;
    games.push(...body.games);
    if (body.games.length < 7) break;
  }
  expect(games.map((g) => g.name)).toEqual(expectedOrder("desc"));
  const elden = games.find((g) => g.name === "Peaked 1")!;
  expect(elden.playerCount).toBe(39_123);
  expect(elden.playersFigure).toMatchObject({ value: 39_123, measure: "peak", days: 2 });
  expect(elden.players?.latest).toBeNull();
  const counted = games.find((g) => g.name === "Counted 2")!;
  expect(counted.playerCount).toBe(40_000);
  expect(counted.playersFigure).toMatchObject({ value: 40_000, period: "month" });
  expect(games.find((g) => g.name === "Unknown 0")?.playerCount).toBeNull();
});

test("a game's first daily peak moves it from the unknowns to the peaks", async () => {
  const id = ids.get("Unknown 3")!;
  await recordMetrics([
    {
      gameId: id,
      metric: "players_peak",
      ts: new Date(MAY_31_2023),
      value: 250,
      period: "day",
      source: "steamspy-csv",
    },
  ]);
  const rows = await walkScreener("desc");
  const names = rows.map((r) => r.name);
  // Below every other peak (300 is the least), above every unknown.
  expect(names.indexOf("Unknown 3")).toBe(18 + 15);
  expect(rows[18 + 15]?.players).toBe(250);
  const p = planned.find((x) => x.name === "Unknown 3")!;
  Object.assign(p, { kind: "peak", value: 250 });
});
