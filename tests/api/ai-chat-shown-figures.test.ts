import { fileURLToPath } from "node:url";
import { beforeAll, expect, test } from "vitest";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";

/**
 * Ask the analyst without a language model (review r23-a, item 2): "How many players does ELDEN RING
 * have?" read "no player figures stored" although its figure is a daily peak, which every screen
 * shows; "Tell me about Wii Sports" read "no figures stored yet" although it has published units; and
 * Grand Theft Auto V, which the catalog holds as three entries of one name (VGChartz: PC, PS3+X360,
 * PS4+XOne), was answered for its PC entry only, also when asked "on PS4".
 */
const DEC_2016 = fileURLToPath(
  new URL(
    "../fixtures/datasets/vgsales/chat-same-name/Video_Games_Sales_as_at_22_Dec_2016.csv",
    import.meta.url,
  ),
);
const VGCHARTZ = "VGChartz sales dataset (Video_Games_Sales_as_at_22_Dec_2016.csv) · Dec 2016";
const MAY_31_2023 = new Date(Date.UTC(2023, 4, 31));

beforeAll(async () => {
  const { ids } = await upsertGames(
    [
      {
        name: "ELDEN RING",
        steamAppId: 1245620,
        positiveReviews: 600_000,
        negativeReviews: 50_000,
        asOf: MAY_31_2023,
      },
      {
        name: "Grand Theft Auto V",
        steamAppId: 271590,
        releaseDate: "2015-04-13",
        genres: ["Action"],
        asOf: MAY_31_2023,
      },
    ],
    "steamspy-csv",
  );
  // SteamDB's daily peaks of 2022 (outside the 7 days up to the newest), then SteamSpy's `ccu`.
  await recordMetrics([
    {
      gameId: ids[0]!,
      metric: "players_peak",
      ts: new Date(Date.UTC(2022, 2, 5)),
      value: 953_426,
      period: "day",
      source: "steamdb-csv",
    },
    {
      gameId: ids[0]!,
      metric: "players_peak",
      ts: MAY_31_2023,
      value: 39_123,
      period: "day",
      source: "steamspy-csv",
    },
  ]);
  await importVgSalesCsv(DEC_2016);
});

const ask = async (message: string) =>
  chatAnswer(message, (await createTestUser({ role: "premium" })).cookie);

const linesOf = (content: string) => content.split("\n").filter((line) => line.startsWith("- "));

test("a game whose only player figure is a daily peak: the peak, named as one, with its source and day", async () => {
  const answer = await ask("How many players does ELDEN RING have?");
  const [line] = linesOf(answer.content);
  expect(line).toMatch(
    /^- ELDEN RING: 39,123 players \(peak, 1 day, May 31, 2023\) \(Steam via SteamSpy \(dataset\) · May 2023\), /,
  );
  expect(answer.content).not.toMatch(/no player figures/);
  expect(answer.sources.map((s) => s.source)).toContain("Steam via SteamSpy (dataset)");
});

test("a general question about a game with published sales gives them", async () => {
  const answer = await ask("Tell me about Wii Sports");
  expect(linesOf(answer.content)).toEqual([
    `- Wii Sports: 82.53 million units sold as published (Wii) (${VGCHARTZ}).`,
  ]);
});

test("a name the catalog holds as several entries: each, named by its platforms; a platform asked, its entry", async () => {
  const all = linesOf((await ask("What are the sales of Grand Theft Auto V?")).content);
  expect(all).toHaveLength(3);
  expect(all).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^- Grand Theft Auto V \(PC\): 1\.17 million units sold as published \(PC\)/),
      expect.stringMatching(
        /^- Grand Theft Auto V \(PS4, XOne\): 18\.08 million units sold as published \(PS4 12\.61 million, XOne 5\.47 million\)/,
      ),
      expect.stringMatching(
        /^- Grand Theft Auto V \(PS3, X360\): 37\.31 million units sold as published \(PS3 21\.04 million, X360 16\.27 million\)/,
      ),
    ]),
  );
  for (const question of [
    "What are the sales of Grand Theft Auto V on PS4?",
    "What are the sales of Grand Theft Auto V on PlayStation 4?",
  ]) {
    const lines = linesOf((await ask(question)).content);
    expect(lines, question).toHaveLength(1);
    expect(lines[0], question).toMatch(
      /^- Grand Theft Auto V \(PS4, XOne\): 18\.08 million units sold as published/,
    );
  }
});
