import { beforeAll, expect, test } from "vitest";
import type { ChatMessage } from "../../src/contracts/ai.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";

/**
 * Ask the analyst without a language model (review r20c, item 4): "How many players does Terraria
 * have and is it growing?" was answered with reviews and a price only, under a sources line naming
 * SteamCharts. The answer gives the newest player figure with its period and change (a monthly mean
 * month on month, as Game Analysis states it), first when the question asks about players; its sources
 * are those of the figures it quotes, not every series of the game (no SteamDB for an unquoted peak).
 */
const MONTH = (m: number) => new Date(Date.UTC(2022, m - 1, 1));
let terraria: string;

beforeAll(async () => {
  const { ids } = await upsertGames(
    [
      {
        name: "Terraria",
        steamAppId: 105600,
        genres: ["Action"],
        positiveReviews: 1_136_700,
        negativeReviews: 26_840,
        price: 9.99,
      },
    ],
    "steamspy-csv",
  );
  terraria = ids[0]!;
  await recordMetrics([
    {
      gameId: terraria,
      metric: "players",
      period: "month",
      ts: MONTH(1),
      value: 40_150,
      source: "steamcharts-csv",
    },
    {
      gameId: terraria,
      metric: "players",
      period: "month",
      ts: MONTH(2),
      value: 33_404,
      source: "steamcharts-csv",
    },
    // Daily peaks the answer does not quote: their source is not named.
    {
      gameId: terraria,
      metric: "players_peak",
      period: "day",
      ts: new Date(Date.UTC(2022, 11, 14)),
      value: 52_000,
      source: "steamdb-csv",
    },
  ]);
  const { ids: quiet } = await upsertGames(
    [
      {
        name: "Quiet Game",
        steamAppId: 999_001,
        genres: ["Indie"],
        positiveReviews: 90,
        negativeReviews: 10,
      },
    ],
    "steamspy-csv",
  );
  // The SteamSpy export's review counts and price, as its importer records them.
  const JUN_2023 = new Date(Date.UTC(2023, 5, 1));
  await recordMetrics(
    (
      [
        [terraria, "reviews_positive", 1_136_700],
        [terraria, "reviews_negative", 26_840],
        [terraria, "price", 9.99],
        [quiet[0]!, "reviews_positive", 90],
        [quiet[0]!, "reviews_negative", 10],
      ] as const
    ).map(([gameId, metric, value]) => ({ gameId, metric, ts: JUN_2023, value, source: "steamspy-csv" })),
  );
});

const ask = async (message: string) =>
  chatAnswer(message, (await createTestUser({ role: "premium" })).cookie);

const names = (m: ChatMessage) => (m.sources ?? []).map((s) => s.source).sort();

test("a question about players is answered with the newest players figure, its month and its change, first", async () => {
  const answer = await ask("How many players does Terraria have and is it growing?");
  // Feb 2022 is SteamCharts' newest month, taken part-way through: said so, as every screen does
  // (review r26/a #2).
  expect(answer.content).toContain(
    "- Terraria: 33,404 average players in Feb 2022 (monthly average, partial month), -16.8% on the month before (SteamCharts · Feb 2022), 97.7% positive of 1,163,540 reviews (Steam via SteamSpy (dataset) · Jun 2023), $9.99 (Steam via SteamSpy (dataset) · Jun 2023).",
  );
  expect(answer.sources).toContainEqual({ source: "SteamCharts", asOf: MONTH(2).toISOString() });
  // The figures quoted are SteamCharts' and SteamSpy's: the SteamDB peaks it did not quote are not named.
  expect(names(answer)).toEqual(["Steam via SteamSpy (dataset)", "SteamCharts"]);
});

test("the sources line names only the sources of the figures in the answer", async () => {
  const answer = await ask("What do reviewers think of Quiet Game?");
  expect(answer.content).toContain(
    "- Quiet Game: 90% positive of 100 reviews (Steam via SteamSpy (dataset) · Jun 2023).",
  );
  expect(names(answer)).toEqual(["Steam via SteamSpy (dataset)"]);
  // Asked about players, a game without player figures says so, and names no player source.
  const players = await ask("Is Quiet Game growing?");
  expect(players.content).toContain(
    "- Quiet Game: no player figures stored, 90% positive of 100 reviews (Steam via SteamSpy (dataset) · Jun 2023).",
  );
  expect(names(players)).toEqual(["Steam via SteamSpy (dataset)"]);
});

test("a projection the answer states names the sources of the players its line goes through", async () => {
  // Review r21 L3: "projected rising to N in 30 days" was quoted with no source. Its line goes through
  // the 30 days of daily counts up to the newest: a dataset's first, then Steam's live counts.
  const { ids } = await upsertGames(
    [{ name: "Rising Game", steamAppId: 999_002, genres: ["Indie"] }],
    "steamspy-csv",
  );
  const day = (d: number) => new Date(Date.UTC(2024, 0, d, 12));
  await recordMetrics(
    Array.from({ length: 30 }, (_, i) => ({
      gameId: ids[0]!,
      metric: "players" as const,
      period: "day" as const,
      ts: day(i + 1),
      value: 1_000 + i * 40,
      source: i < 20 ? "steamspy-api" : "steam-api",
    })),
  );
  const answer = await ask("How is Rising Game doing?");
  expect(answer.content).toMatch(/- Rising Game: .*projected rising to [\d,]+ in 30 days/);
  expect(names(answer)).toContain("Steam via SteamSpy");
  expect(answer.sources).toContainEqual({ source: "Steam via SteamSpy", asOf: day(20).toISOString() });
  expect(answer.sources).toContainEqual({ source: "Steam", asOf: day(30).toISOString() });
});
