import { fileURLToPath } from "node:url";
import { beforeAll, expect, test } from "vitest";
import type { ChatMessage } from "../../src/contracts/ai.ts";
import { analystTools, newLedger } from "../../src/server/ai/tools.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser, type TestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";

/**
 * What an answer's citations name (review r26/a #7): God of War's PS2 entry (VGChartz: Metacritic's
 * critic score 94 from 75 critics, no user reviews) was cited "sentiment 4.7 / 5", a figure its
 * answer never stated and a critics' score, not a sentiment; Terraria's X360+PS3+PSV entry cited its
 * platforms' units with nothing saying which platform each is.
 */
const llm = withFakeLlm();
const DEC_2016 = fileURLToPath(
  new URL(
    "../fixtures/datasets/vgsales/chat-citations/Video_Games_Sales_as_at_22_Dec_2016.csv",
    import.meta.url,
  ),
);
let premium: TestUser;

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  await upsertGames(
    [
      {
        name: "God of War",
        steamAppId: 1593500,
        releaseDate: "2022-01-14",
        genres: ["Action"],
        platforms: ["PC"],
        positiveReviews: 103_150,
        negativeReviews: 3_302,
        price: 49.99,
      },
      // Four more titles, so that a sixth one is left out and said to be.
      { name: "Stardew Valley", genres: ["Indie"], positiveReviews: 900, negativeReviews: 100 },
      { name: "Dota 2", genres: ["Action"], positiveReviews: 800, negativeReviews: 200 },
      { name: "Celeste", genres: ["Indie"], positiveReviews: 700, negativeReviews: 300 },
      { name: "Hades", genres: ["Indie"], positiveReviews: 950, negativeReviews: 50 },
    ],
    "test",
  );
  await importVgSalesCsv(DEC_2016);
});

/** The model fails each attempt: the statistics answer, as with no model configured. */
const ask = (message: string) => {
  llm.queue.push(
    { kind: "status", status: 500 },
    { kind: "status", status: 500 },
    { kind: "status", status: 500 },
  );
  return chatAnswer(message, premium.cookie);
};

const figuresOf = (answer: ChatMessage, name: string) =>
  answer.citations.find((c) => c.name === name)?.figures ?? [];

const ctx = { toolCallId: "t", messages: [], context: {} };

test("a platform's published units are cited with the platform they are of", async () => {
  const answer = await ask("Compare God of War and Terraria");
  expect(answer.content).toContain("X360 0.67 million, PS3 0.41 million, PSV 0.10 million");
  expect(figuresOf(answer, "Terraria")).toEqual([
    { label: "publishedSales.units", value: 1_180_000 },
    { label: "publishedSales.platforms[X360].units", value: 670_000 },
    { label: "publishedSales.platforms[PS3].units", value: 410_000 },
    { label: "publishedSales.platforms[PSV].units", value: 100_000 },
  ]);
});

test("a console entry's Metacritic score is its critic score, never a sentiment or a share of positive reviews", async () => {
  const tools = analystTools(newLedger());
  const found = (await tools.search_games.execute!({ query: "God of War", limit: 10 }, ctx)) as Array<{
    gameId: string;
    platforms: string[];
  }>;
  const ps2 = found.find((g) => g.platforms.includes("PS2"))!;
  const pc = found.find((g) => g.platforms.includes("PC"))!;
  const sheets = (await tools.compare_games.execute!({ gameIds: [ps2.gameId, pc.gameId] }, ctx)) as Array<
    Record<string, unknown>
  >;
  expect(sheets[0]).toMatchObject({ criticScore: 94, sentimentOutOf5: null, positiveSharePct: null });
  expect(sheets[1]).toMatchObject({ criticScore: null, sentimentOutOf5: 4.8, positiveSharePct: 96.9 });
});

test('the sentence saying a title was left out cites no figure: its "5" is no game\'s score out of 5', async () => {
  const answer = await ask("Compare Terraria, Stardew Valley, Dota 2, Celeste, God of War and Hades");
  expect(answer.content).toMatch(/\n\nAn answer covers at most 5 games, so “Hades” was left out/);
  const godOfWar = answer.citations.filter((c) => c.name.startsWith("God of War"));
  expect(godOfWar.map((c) => c.name)).toEqual(["God of War (PS2)", "God of War (PC)"]);
  for (const c of answer.citations)
    expect(
      c.figures.filter((f) => /OutOf5$/.test(f.label)),
      c.name,
    ).toEqual([]);
});
