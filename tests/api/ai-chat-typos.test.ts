import { beforeAll, expect, test } from "vitest";
import type { ChatMessage } from "../../src/contracts/ai.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";

/**
 * Ask the analyst without a language model finds the game the user meant as the search box does
 * (review r29-a, finding 1): a name with a typing mistake is read as the search box corrects it, and
 * the answer says so ("“Hollow Knigt” read as “Hollow Knight”"); a game is never taken from an
 * ordinary word of the question ("will") or from the first word of a longer name the user wrote
 * ("Hollow" of "Hollow Knigt"). A name no game answers to, corrected or not, is said not found.
 */
beforeAll(async () => {
  await upsertGames(
    [
      {
        name: "Hollow Knight",
        steamAppId: 367520,
        positiveReviews: 291_191,
        negativeReviews: 8_415,
        price: 14.99,
      },
      { name: "Hollow", steamAppId: 590970, positiveReviews: 89, negativeReviews: 132, price: 19.99 },
      {
        name: "WILL: A Wonderful World",
        steamAppId: 658200,
        positiveReviews: 3_342,
        negativeReviews: 180,
        price: 13.99,
      },
      {
        name: "Stardew Valley",
        steamAppId: 413150,
        positiveReviews: 575_047,
        negativeReviews: 10_404,
        price: 14.99,
      },
      {
        name: "Terraria",
        steamAppId: 105600,
        positiveReviews: 1_137_066,
        negativeReviews: 26_474,
        price: 9.99,
      },
      ...Array.from({ length: 12 }, (_, i) => ({
        name: `Quiet Harbour ${i + 1}`,
        steamAppId: 910_000 + i,
        positiveReviews: 20 + i,
        negativeReviews: 5,
      })),
    ],
    "steam-store-csv",
  );
});

// A user per question: the per-minute limit is not what is tested.
const ask = async (message: string) =>
  chatAnswer(message, (await createTestUser({ role: "premium" })).cookie);

/** The games an answer from the statistics gives a line to, in order. */
const linesOf = (m: ChatMessage) =>
  m.content
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .map((line) => line.slice(2, line.indexOf(": ")));

test.each([
  ["How much revenue did Hollow Knigt make?", "Hollow Knigt", "Hollow Knight"],
  ["stardew valey revenue", "stardew valey", "Stardew Valley"],
  ["How many players does stardw valley have?", "stardw valley", "Stardew Valley"],
  ["terarria reviews", "terarria", "Terraria"],
])("%s → the game the search box corrects it to, and says so", async (question, typed, game) => {
  const answer = await ask(question);
  expect(linesOf(answer), answer.content).toEqual([game]);
  expect(answer.content).toContain(`“${typed}” read as “${game}”`);
  expect(answer.content).not.toMatch(/names none I could find|no game called/);
});

test("an ordinary word of the question is no game: “will” is not WILL: A Wonderful World", async () => {
  const answer = await ask("What will Stardew Valley earn next year?");
  expect(linesOf(answer), answer.content).toEqual(["Stardew Valley"]);
});

test("the first word of a longer name the user wrote is no game of its own", async () => {
  // No correction reaches a game here: the answer says it found no game by that name.
  const answer = await ask("How much revenue did Hollow Kxqzvvt make?");
  expect(linesOf(answer), answer.content).toEqual([]);
  expect(answer.content).toMatch(/no game called “Hollow Kxqzvvt”/);
});

test("a game named by its whole name is still found, however short", async () => {
  const answer = await ask("How are Hollow's reviews?");
  expect(linesOf(answer), answer.content).toEqual(["Hollow"]);
  expect(answer.content).not.toMatch(/read as/);
});
