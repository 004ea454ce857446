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
      // Review r29/v: an ordinary word read as a game ("grows"), initials taken over a name ("Dota"),
      // a dropped last letter not corrected ("Celest").
      {
        name: "GROW: Wild West",
        steamAppId: 1_040_000,
        positiveReviews: 2_600,
        negativeReviews: 500,
        price: 2.65,
      },
      { name: "Dota 2", steamAppId: 570, positiveReviews: 1_400_000, negativeReviews: 300_000 },
      { name: "Dota Underlords", steamAppId: 1_046_930, positiveReviews: 30_000, negativeReviews: 20_000 },
      {
        name: "Defenders of Tetsoidea Academy",
        steamAppId: 1_040_001,
        positiveReviews: 32,
        negativeReviews: 11,
      },
      { name: "Celeste", steamAppId: 504_230, positiveReviews: 61_000, negativeReviews: 1_500, price: 19.99 },
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
  ["hollow knigt revenue", "hollow knigt", "Hollow Knight"],
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

test.each(["Which genre grows fastest?", "What grows fastest this year?"])(
  "an ordinary lowercase word is no misspelt game: %s",
  async (question) => {
    const answer = await ask(question);
    expect(linesOf(answer), answer.content).toEqual([]);
    expect(answer.content).not.toMatch(/read as/);
  },
);

test("a lowercase word alone is read as typed, not corrected: “terarria reviews” names no game", async () => {
  const answer = await ask("terarria reviews");
  expect(linesOf(answer), answer.content).toEqual([]);
});

test("a capitalised name inside the sentence is corrected: “Terarria”", async () => {
  const answer = await ask("How are Terarria reviews?");
  expect(linesOf(answer), answer.content).toEqual(["Terraria"]);
  expect(answer.content).toContain("“Terarria” read as “Terraria”");
});

test("a word that starts a game's name is that game, not another game's initials: “Dota” is Dota 2", async () => {
  const answer = await ask("How are Dota players doing?");
  expect(linesOf(answer), answer.content).toEqual(["Dota 2"]);
  expect(answer.content).toContain("“Dota” read as “Dota 2”");
});

test("a game found by its initials alone is said", async () => {
  const answer = await ask("How are DoTA players doing?");
  expect(answer.content).toMatch(/“DoTA” read as “(?:Dota 2|Defenders of Tetsoidea Academy)”/);
});

test("a capitalised name with its last letter dropped is corrected as the search box does: “Celest”", async () => {
  const answer = await ask("What did Celest earn?");
  expect(linesOf(answer), answer.content).toEqual(["Celeste"]);
  expect(answer.content).toContain("“Celest” read as “Celeste”");
  expect(answer.content).not.toMatch(/no game called/);
});

test("a sentence's first word with a letter short of a name is read as typed", async () => {
  const answer = await ask("Celest earn?");
  expect(linesOf(answer), answer.content).toEqual([]);
});
