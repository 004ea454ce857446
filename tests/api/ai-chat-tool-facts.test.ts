import { fileURLToPath } from "node:url";
import { beforeAll, expect, test } from "vitest";
import { analystTools, newLedger } from "../../src/server/ai/tools.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser, type TestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";

/**
 * With a language model, its tools give it what the statistics answer gives users (review r25, item
 * 1): game_facts and compare_games carry a game's published units (VGChartz: platforms, regions, the
 * file and its date, beside the Steam estimate, never added to it), the daily peak of a game whose only
 * player figures are peaks (its measure, source and day), and for a name the catalog holds as several
 * entries (Grand Theft Auto V on PC, on PS3+X360, on PS4+XOne) its platforms and the others;
 * search_games gives each entry's platforms. The model's answer quoting them passes the number check
 * and names their sources.
 */
const llm = withFakeLlm();
const DEC_2016 = fileURLToPath(
  new URL(
    "../fixtures/datasets/vgsales/chat-same-name/Video_Games_Sales_as_at_22_Dec_2016.csv",
    import.meta.url,
  ),
);
const VGCHARTZ = {
  source: "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv)",
  asOf: "2016-12-22T00:00:00.000Z",
};
const MAY_31_2023 = new Date(Date.UTC(2023, 4, 31));
const ctx = { toolCallId: "t", messages: [], context: {} };
let premium: TestUser;
let eldenRing: string;
let gtaPc: string;

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  const { ids } = await upsertGames(
    [
      {
        name: "ELDEN RING",
        steamAppId: 1245620,
        positiveReviews: 600_000,
        negativeReviews: 50_000,
        asOf: MAY_31_2023,
      },
      { name: "Grand Theft Auto V", steamAppId: 271590, releaseDate: "2015-04-13", asOf: MAY_31_2023 },
    ],
    "steamspy-csv",
  );
  [eldenRing, gtaPc] = ids as [string, string];
  // SteamSpy's `ccu`: ELDEN RING's only player figure is a daily peak.
  await recordMetrics([
    {
      gameId: eldenRing,
      metric: "players_peak",
      ts: MAY_31_2023,
      value: 39_123,
      period: "day",
      source: "steamspy-csv",
    },
  ]);
  await importVgSalesCsv(DEC_2016);
});

const tools = () => analystTools(newLedger());

async function idOf(name: string): Promise<string> {
  const found = (await tools().search_games.execute!({ query: name }, ctx)) as Array<{
    gameId: string;
    name: string;
  }>;
  return found.find((g) => g.name === name)!.gameId;
}

test("game_facts: published units with platforms, regions, file and date, beside the estimate", async () => {
  const sheet = (await tools().game_facts.execute!({ gameId: await idOf("Wii Sports") }, ctx)) as Record<
    string,
    unknown
  >;
  expect(sheet.publishedSales).toEqual({
    units: 82_530_000,
    regions: { northAmerica: 41_360_000, europe: 28_960_000, japan: 3_770_000, other: null },
    regionsNotGiven: { northAmerica: 0, europe: 0, japan: 0, other: 1 },
    platforms: [
      {
        platform: "Wii",
        year: 2006,
        units: 82_530_000,
        regions: { northAmerica: 41_360_000, europe: 28_960_000, japan: 3_770_000, other: null },
        ...VGCHARTZ,
      },
    ],
    provenance: [expect.objectContaining(VGCHARTZ)],
  });
  // The Steam game with a PC row: both, apart.
  const gta = (await tools().game_facts.execute!({ gameId: gtaPc }, ctx)) as {
    publishedSales: { units: number };
    estimates: unknown;
  };
  expect(gta.publishedSales.units).toBe(1_170_000);
  expect(gta).toHaveProperty("estimates");
});

test("game_facts: a game with daily peaks only has its peak, named as one, with its source and day", async () => {
  const sheet = (await tools().game_facts.execute!({ gameId: eldenRing }, ctx)) as Record<string, unknown>;
  expect(sheet.peakPlayers).toEqual({
    players: 39_123,
    measure: "peak, 1 day",
    source: "Steam via SteamSpy (dataset)",
    asOf: MAY_31_2023.toISOString(),
  });
});

test("one name, several entries: search gives their platforms; each sheet names the others; compared apart", async () => {
  const found = (await tools().search_games.execute!({ query: "Grand Theft Auto V" }, ctx)) as Array<{
    gameId: string;
    name: string;
    platforms: string[];
  }>;
  const entries = found.filter((g) => g.name === "Grand Theft Auto V");
  expect(entries.map((g) => [...g.platforms].sort().join("+")).sort()).toEqual([
    "PC",
    "PS3+X360",
    "PS4+XOne",
  ]);
  const sheets = (await tools().compare_games.execute!(
    { gameIds: entries.map((g) => g.gameId) },
    ctx,
  )) as Array<{
    gameId: string;
    platforms: string[];
    sameNameEntries: Array<{ gameId: string; platforms: string[] }>;
    sameNameNote: string;
    publishedSales: { units: number };
  }>;
  expect(sheets).toHaveLength(3);
  for (const sheet of sheets) {
    expect(sheet.sameNameEntries.map((e) => e.gameId).sort()).toEqual(
      entries
        .map((g) => g.gameId)
        .filter((id) => id !== sheet.gameId)
        .sort(),
    );
    expect(sheet.sameNameNote).toMatch(
      /^The catalog holds “Grand Theft Auto V” as 3 entries by platform: this one \(/,
    );
    expect(sheet.sameNameNote).toMatch(/never add their figures together/);
  }
  // Each entry's own units, never one total.
  expect(sheets.map((s) => s.publishedSales.units).sort((a, b) => a - b)).toEqual([
    1_170_000, 18_080_000, 37_310_000,
  ]);
  // A game of one entry carries no such note.
  const elden = (await tools().game_facts.execute!({ gameId: eldenRing }, ctx)) as Record<string, unknown>;
  expect(elden).not.toHaveProperty("sameNameNote");
});

test("the model quotes published units and a peak: kept by the number check, cited, their sources named", async () => {
  const wii = await idOf("Wii Sports");
  llm.queue.push(
    { kind: "stream", toolCalls: [{ name: "compare_games", arguments: { gameIds: [wii, eldenRing] } }] },
    {
      kind: "stream",
      text: [
        "Wii Sports sold 82.53 million units on the Wii as published by VGChartz, 41.36 million of them in North America. ",
        "ELDEN RING had a daily peak of 39,123 players on May 31, 2023, per SteamSpy.",
      ],
    },
  );
  const answer = await chatAnswer("Compare Wii Sports and ELDEN RING", premium.cookie);
  // What the model read: the units and the peak, with their sources.
  const toolMessage = llm.requests[1]!.body.messages.findLast((m: { role: string }) => m.role === "tool");
  expect(toolMessage.content).toContain('"units":82530000');
  expect(toolMessage.content).toContain(`"source":"${VGCHARTZ.source}"`);
  expect(toolMessage.content).toContain('"peakPlayers":{"players":39123,"measure":"peak, 1 day"');
  expect(answer.numberCheck?.dropped).toEqual([]);
  expect(answer.content).toBe(
    "Wii Sports sold 82.53 million units on the Wii as published by VGChartz, 41.36 million of them in North America. ELDEN RING had a daily peak of 39,123 players on May 31, 2023, per SteamSpy.",
  );
  const figures = Object.fromEntries(answer.citations.map((c) => [c.name, c.figures.map((f) => f.label)]));
  expect(figures["Wii Sports"]).toEqual(expect.arrayContaining(["publishedSales.units"]));
  expect(figures["ELDEN RING"]).toEqual(expect.arrayContaining(["peakPlayers.players"]));
  expect(answer.sources).toEqual(
    expect.arrayContaining([
      VGCHARTZ,
      { source: "Steam via SteamSpy (dataset)", asOf: MAY_31_2023.toISOString() },
    ]),
  );
});
