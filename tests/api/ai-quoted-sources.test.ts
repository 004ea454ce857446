import { beforeAll, expect, test } from "vitest";
import { quotedSources } from "../../src/server/ai/sources.ts";
import { provenanceOf } from "../../src/server/catalog/provenance.ts";
import { ESTIMATES_SOURCE } from "../../src/server/catalog/source-names.ts";
import { DAY_MS } from "../../src/server/catalog/stats.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";

/**
 * Code review (tidy-auth-chat #3): the sources of a statistics answer's figures were read with one
 * query per figure; they are read in one. Each game's figure keeps its own newest point, a projection
 * its sources of the 30 days up to its newest count, and the sources come in the order quoted.
 */
const MAY_2019 = Date.UTC(2019, 4, 1);
const JAN_2020 = Date.UTC(2020, 0, 1);
const JAN_2021 = Date.UTC(2021, 0, 1);
const NEWEST = Date.UTC(2023, 5, 1);
let a: string;
let b: string;
let c: string;

beforeAll(async () => {
  const game = (name: string) => ({ name, releaseDate: "2018-01-01", platforms: ["PC"], genres: ["Action"] });
  const { ids } = await upsertGames(
    [game("Quoted Sources Alpha"), game("Quoted Sources Beta"), game("Quoted Sources Gamma")],
    "steam-store-csv",
  );
  [a, b, c] = ids as [string, string, string];
  const point = (
    gameId: string,
    metric: string,
    ts: number,
    value: number,
    source: string,
    period = "instant",
  ) =>
    ({ gameId, metric, ts: new Date(ts), value, period, source }) as Parameters<
      typeof recordMetrics
    >[0][number];
  await recordMetrics([
    point(a, "price", MAY_2019, 9.99, "steam-store-csv"),
    point(a, "reviews_positive", JAN_2020, 80, "steamspy-csv"),
    point(a, "reviews_negative", JAN_2020, 20, "steamspy-csv"),
    point(b, "price", MAY_2019, 19.99, "steamspy-csv"),
    point(b, "price", JAN_2021, 14.99, "steam-store-csv"),
    // Beta's players: only the 30 days up to its newest count carry the projection's line.
    point(b, "players", NEWEST - 40 * DAY_MS, 900, "steamcharts-csv", "day"),
    point(b, "players", NEWEST - 10 * DAY_MS, 1000, "steamdb-csv", "day"),
    point(b, "players", NEWEST, 1100, "steam-api", "instant"),
  ]);
});

test("each game's figures by their own newest points, in the order quoted, in one entry per source", async () => {
  const sources = await quotedSources([
    { gameId: a, figure: "price" },
    { gameId: b, figure: "price" },
    { gameId: a, figure: "reviews" },
    { gameId: c, figure: "reviews" },
    { gameId: b, figure: "projection" },
    { gameId: c, figure: "estimates" },
  ]);
  expect(sources).toEqual([
    // Alpha's price (May 2019) and Beta's newest (Jan 2021) are one source, at the newer time.
    provenanceOf("steam-store-csv", JAN_2021),
    provenanceOf("steamspy-csv", JAN_2020),
    provenanceOf("steam-api", NEWEST),
    provenanceOf("steamdb-csv", NEWEST - 10 * DAY_MS),
    // Gamma has no estimate: the source is named, without a time.
    { source: ESTIMATES_SOURCE, asOf: null },
  ]);
  // Beta's price alone: its newest point's source, not its older one's.
  expect(await quotedSources([{ gameId: b, figure: "price" }])).toEqual([
    provenanceOf("steam-store-csv", JAN_2021),
  ]);
  expect(await quotedSources([])).toEqual([]);
});

test("a price no point dates: its game record's source and time", async () => {
  const { ids } = await upsertGames(
    [{ name: "Quoted Sources Delta", price: 4.99, asOf: new Date(JAN_2020) }],
    "gog-api",
  );
  expect(await quotedSources([{ gameId: ids[0]!, figure: "price" }])).toEqual([
    provenanceOf("gog-api", JAN_2020),
  ]);
});
