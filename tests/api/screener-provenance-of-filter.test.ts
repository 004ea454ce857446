import { beforeAll, describe, expect, test } from "vitest";
import type { Provenance } from "../../src/contracts/provenance.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review r33-a #1: the sources and dates beside the screener's rows, a filter's market size and a
 * company's figures are those of the games shown, each source at the newest of those games' figures
 * from it: not every source of the catalog at its newest figure anywhere (a filter holding no game of
 * a November import said "Steam via SteamSpy (dataset) · Nov 1, 2026").
 */
let premium: TestUser;

const STORE = "Steam Store Games (Kaggle, CC BY 4.0)";
const SPY = "Steam via SteamSpy (dataset)";

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const { ids } = await upsertGames(
    [
      { name: "Old Quest", genres: ["RPG"], platforms: ["PC"], developer: "Quest Folk", price: 9.99 },
      { name: "Older Quest", genres: ["RPG"], platforms: ["PC"], developer: "Quest Folk", price: 4.99 },
      { name: "New Racer", genres: ["Racing"], platforms: ["PC"], developer: "Fast Folk", price: 19.99 },
      { name: "Console Only", genres: ["Party"], platforms: ["Wii"], developer: "Wii Folk" },
    ],
    "test",
  );
  const point = (i: number, metric: MetricPoint["metric"], day: string, source: string, value: number) => ({
    gameId: ids[i]!,
    metric,
    ts: new Date(day),
    value,
    period: "instant" as const,
    source,
  });
  await recordMetrics([
    point(0, "reviews_positive", "2019-05-01", "steam-store-csv", 900),
    point(1, "reviews_positive", "2018-03-01", "steam-store-csv", 300),
    point(1, "owners", "2018-03-01", "steam-store-csv", 35_000),
    // A newer figure of the same source, for a game outside the RPG filter.
    point(2, "reviews_positive", "2020-01-01", "steam-store-csv", 50),
    point(2, "reviews_positive", "2026-11-01", "steamspy-csv", 5_000),
    point(2, "owners", "2026-11-01", "steamspy-csv", 150_000),
  ]);
  await recomputeEstimates();
});

const get = async <T>(path: string): Promise<T> => {
  const res = await request(path, { cookie: premium.cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
type Summary = { provenance: Provenance[]; estimates: { provenance: Provenance } | null };

describe("the provenance of the games a filter selects", () => {
  test("market size: only the sources of the filter's games, each at the newest of their figures", async () => {
    const rpg = await get<Summary>("/api/market/summary?genre=RPG");
    expect(rpg.provenance.map((p) => [p.source, p.asOf])).toEqual([
      [STORE, "2019-05-01T00:00:00.000Z"],
      ["Estimates per game", rpg.estimates!.provenance.asOf],
    ]);
    // The figures the source gave these games, named in its method.
    expect(rpg.provenance[0]!.method).toBe(`${STORE}: each game's latest reviews and owners`);
    const racing = await get<Summary>("/api/market/summary?genre=Racing");
    expect(racing.provenance.map((p) => [p.source, p.asOf])).toEqual([
      [SPY, "2026-11-01T00:00:00.000Z"],
      [STORE, "2020-01-01T00:00:00.000Z"],
      ["Estimates per game", racing.estimates!.provenance.asOf],
    ]);
  });

  test("a filter whose games have no figure lists no source; the whole catalog lists each at its newest", async () => {
    const wii = await get<Summary>("/api/market/summary?platform=Wii");
    expect(wii.provenance).toEqual([]);
    const all = await get<Summary>("/api/market/summary");
    expect(
      all.provenance.filter((p) => p.source !== "Estimates per game").map((p) => [p.source, p.asOf]),
    ).toEqual([
      [SPY, "2026-11-01T00:00:00.000Z"],
      [STORE, "2020-01-01T00:00:00.000Z"],
    ]);
  });

  test("the screener's rows carry the same provenance as their market size", async () => {
    const page = await get<{ provenance: Provenance[] }>("/api/market/screener?genre=RPG");
    const summary = await get<Summary>("/api/market/summary?genre=RPG");
    expect(page.provenance).toEqual(summary.provenance);
    expect(page.provenance.some((p) => p.source === SPY)).toBe(false);
  });

  test("a company page: the sources of its own games", async () => {
    const company = await get<{
      provenance: Provenance[];
      totals: { estimates: { provenance: Provenance } | null };
    }>("/api/companies/quest-folk");
    expect(company.provenance.map((p) => [p.source, p.asOf])).toEqual([
      [STORE, "2019-05-01T00:00:00.000Z"],
      ["Estimates per game", company.totals.estimates!.provenance.asOf],
    ]);
    const wii = await get<{ provenance: Provenance[] }>("/api/companies/wii-folk");
    expect(wii.provenance).toEqual([]);
  });
});
