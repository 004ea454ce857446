import { beforeAll, expect, test } from "vitest";
import type { ChatMessage } from "../../src/contracts/ai.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { getGameEstimate } from "../../src/server/estimates/store.ts";
import { createTestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";

/**
 * Ask the analyst without a language model (review r21-b, item 2; r20-a, item 9). Games the question
 * refers to as the search box finds them are answered, not only games named in full: an abbreviation
 * ("gta 5", "GTA V"), a short form in capitals ("PUBG"), a title before its subtitle, a former name,
 * and numbers written either way ("Dark Souls 3" of DARK SOULS III). Typing mistakes are read as the
 * search box corrects them, and the answer says so (tests/api/ai-chat-typos.test.ts); common words are no games ("most
 * played games" is no question about a game called "Most"). A question about owners, sales or revenue
 * is answered with each game's estimate, P50 with its P10–P90 range and the model's methods, as the
 * game page gives them, and the sources line names the estimates.
 */
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

beforeAll(async () => {
  await upsertGames(
    [
      {
        name: "PLAYERUNKNOWN'S BATTLEGROUNDS",
        developer: "PUBG Corporation",
        steamAppId: 578080,
        positiveReviews: 496_184,
        negativeReviews: 487_076,
        price: 29.99,
      },
      {
        name: "Grand Theft Auto V",
        steamAppId: 271590,
        positiveReviews: 329_061,
        negativeReviews: 139_308,
        price: 29.99,
      },
      {
        name: "Grand Theft Auto: San Andreas",
        steamAppId: 12120,
        positiveReviews: 60_000,
        negativeReviews: 8_000,
      },
      {
        name: "DARK SOULS™ III",
        steamAppId: 374320,
        positiveReviews: 58_255,
        negativeReviews: 5_964,
        price: 59.99,
      },
      {
        name: "Stardew Valley",
        steamAppId: 413150,
        positiveReviews: 118_200,
        negativeReviews: 3_800,
        price: 14.99,
      },
      { name: "Terraria", steamAppId: 105600, positiveReviews: 255_600, negativeReviews: 7_800, price: 9.99 },
      // Common words that are some game's whole name or initials.
      { name: "Most", steamAppId: 900_101, positiveReviews: 2_000_000, negativeReviews: 10 },
      { name: "Right Now", steamAppId: 900_102, positiveReviews: 2_000_000, negativeReviews: 10 },
      {
        name: "Many Overworked People",
        steamAppId: 900_103,
        positiveReviews: 2_000_000,
        negativeReviews: 10,
      },
      // A game renamed by newer data: its former name still refers to it.
      {
        name: "Team Fortress Classic",
        steamAppId: 20,
        positiveReviews: 5_000,
        negativeReviews: 500,
        asOf: at("2019-05-01"),
      },
      // Renamed to words its old name has none of: only the former name refers to it.
      {
        name: "Brawl Harbor Online",
        steamAppId: 900_104,
        positiveReviews: 4_000,
        negativeReviews: 400,
        asOf: at("2019-05-01"),
      },
    ],
    "steam-store-csv",
  );
  await upsertGames(
    [
      {
        name: "Team Fortress: Retro",
        steamAppId: 20,
        positiveReviews: 5_000,
        negativeReviews: 500,
        asOf: at("2023-01-15"),
      },
      {
        name: "Quiet Lanterns",
        steamAppId: 900_104,
        positiveReviews: 4_000,
        negativeReviews: 400,
        asOf: at("2023-01-15"),
      },
    ],
    "steamspy-csv",
  );
});

// A user per question: the per-minute limit is not what is tested.
const ask = async (message: string) =>
  chatAnswer(message, (await createTestUser({ role: "premium" })).cookie);

/** Whether an answer from the statistics gives a line to each of these games, and to no other. */
const linesAbout = (m: ChatMessage, games: readonly string[]) => {
  const lines = m.content.split("\n").filter((line) => line.startsWith("- "));
  return lines.length === games.length && games.every((name, i) => lines[i]!.startsWith(`- ${name}: `));
};

test.each([
  ["How many players does PUBG have?", ["PLAYERUNKNOWN'S BATTLEGROUNDS"]],
  ["gta 5 players", ["Grand Theft Auto V"]],
  ["How many people play GTA V?", ["Grand Theft Auto V"]],
  ["How do gta sa reviews look?", ["Grand Theft Auto: San Andreas"]],
  ["Dark Souls 3 reviews", ["DARK SOULS™ III"]],
  ["dark souls iii reviews", ["DARK SOULS™ III"]],
  // Found by a former name: called by its name now, the former one beside it (review r25 rev1, finding 7).
  ["How is team fortress classic doing?", ["Team Fortress: Retro (formerly Team Fortress Classic)"]],
  ["How is brawl harbor online doing?", ["Quiet Lanterns (formerly Brawl Harbor Online)"]],
  ["Compare terraria with stardew valley", ["Terraria", "Stardew Valley"]],
])("%s → answers about the game it refers to", async (question, games) => {
  const answer = await ask(question);
  expect(answer.content).not.toMatch(/names none I could find/);
  expect(linesAbout(answer, games), answer.content).toBe(true);
  expect(answer.content).not.toMatch(/no game called/);
});

test.each(["What are the most played games right now?", "How many people played games right now?"])(
  "%s → names no game",
  async (question) => {
    const answer = await ask(question);
    expect(answer.content).toMatch(/names none I could find/);
  },
);

test("a question about owners gets each game's owners estimate with its range, methods and source", async () => {
  const answer = await ask("How many owners does Stardew Valley have and how does it compare with Terraria?");
  for (const name of ["Stardew Valley", "Terraria"]) {
    const estimate = (await getGameEstimate(name === "Terraria" ? "steam-105600" : "steam-413150"))!;
    const owners = estimate.owners!;
    expect(estimate.lowSignal).toBe(false);
    const f = (v: number) => Math.round(v).toLocaleString("en");
    // The fixtures' games have reviews only: their estimates come from the review model alone.
    expect(estimate.methods.filter((m) => m.weight > 0).map((m) => m.label)).toEqual(["Review model"]);
    expect(answer.content).toContain(
      `- ${name}: estimated owners ${f(owners.mid)} (P50; P10–P90 ${f(owners.low)}–${f(owners.high)}), from the review model (estimates model ${estimate.modelVersion}) (Estimates per game · `,
    );
  }
  expect(answer.sources.map((s) => s.source)).toContain("Estimates per game");
  // The figures are cited for the games they are of.
  const stardew = answer.citations.find((c) => c.name === "Stardew Valley")!;
  expect(stardew.figures.map((f) => f.label)).toContain("estimates.owners.mid");
});

test("sales and revenue questions add the units and gross revenue estimates; others give no estimate", async () => {
  const sales = await ask("How many copies did Terraria sell and what revenue did it make?");
  expect(sales.content).toMatch(
    /- Terraria: estimated owners [\d,]+ \(P50; P10–P90 [\d,]+–[\d,]+\), estimated units sold [\d,]+ \(P50; P10–P90 [\d,]+–[\d,]+\), estimated gross revenue \$[\d,]+ \(P50; P10–P90 \$[\d,]+–\$[\d,]+\), from the review model \(estimates model /,
  );
  const reviews = await ask("What do reviewers think of Terraria?");
  expect(reviews.content).not.toMatch(/estimated owners/);
  expect(reviews.sources.map((s) => s.source)).not.toContain("Estimates per game");
});
