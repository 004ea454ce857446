import { fileURLToPath } from "node:url";
import { beforeAll, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { importVgSalesCsv } from "../../src/server/importers/vgsales.ts";
import { createTestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";

/**
 * Ask the analyst without a language model says what it cannot answer rather than answering another
 * question (review r29-a, finding 2): the revenue of a free-to-play game (no estimate: its in-game
 * revenue is not estimated, as the Market Screener says), the revenue of a game with only published
 * units (the sales file gives units, not revenue), and future earnings (no forecast: the lifetime
 * estimate follows, labelled as such).
 */
const DEC_2016 = fileURLToPath(
  new URL("../fixtures/datasets/vgsales/chat-sales/Video_Games_Sales_as_at_22_Dec_2016.csv", import.meta.url),
);

beforeAll(async () => {
  await upsertGames(
    [
      {
        name: "Counter-Strike: Global Offensive",
        steamAppId: 730,
        positiveReviews: 6_500_000,
        negativeReviews: 870_000,
        price: 0,
      },
      {
        name: "Stardew Valley",
        steamAppId: 413150,
        positiveReviews: 575_047,
        negativeReviews: 10_404,
        price: 14.99,
      },
    ],
    "steam-store-csv",
  );
  // Wii Sports: units published by VGChartz, no Steam game.
  await importVgSalesCsv(DEC_2016);
});

const ask = async (message: string) =>
  (await chatAnswer(message, (await createTestUser({ role: "premium" })).cookie)).content;

test.each(["How much money did CSGO make?", "What is the revenue of Counter-Strike: Global Offensive?"])(
  "%s → says a free-to-play game has no revenue estimate, and why",
  async (question) => {
    const content = await ask(question);
    expect(content).toContain(
      "No revenue estimate for Counter-Strike: Global Offensive: it is free to play, and free-to-play games sell no copies; their in-game revenue is not estimated.",
    );
    expect(content).not.toMatch(/estimated gross revenue \$/);
  },
);

test("a game with published units only: the units, and that there is no revenue figure, and why", async () => {
  const content = await ask("What is the revenue of Wii Sports?");
  expect(content).toContain("- Wii Sports: 82.53 million units sold as published (Wii)");
  expect(content).toContain(
    "No revenue figure for Wii Sports: published sales give units sold, not revenue, and our estimates (from Steam figures) do not cover it.",
  );
});

test.each([
  "What will Stardew Valley earn next year?",
  "Forecast Stardew Valley's revenue",
  "How much will Stardew Valley sell in 2027?",
])("%s → says it makes no forecast; the lifetime estimate follows, labelled", async (question) => {
  const content = await ask(question);
  expect(content.startsWith("I make no forecast of future earnings or sales:")).toBe(true);
  expect(content).toMatch(/- Stardew Valley: estimated owners to date [\d,]+ \(P50; /);
});

test("a question about revenue to date says nothing of forecasts", async () => {
  const content = await ask("How much revenue did Stardew Valley make?");
  expect(content).not.toMatch(/forecast|to date/);
  expect(content).toMatch(
    /- Stardew Valley: estimated owners [\d,]+ .*estimated gross revenue \$[\d,]+ \(P50; /,
  );
});

test("a past year is no forecast", async () => {
  const content = await ask("How much did Stardew Valley sell in 2022?");
  expect(content).not.toMatch(/forecast/);
});
