import { beforeAll, expect, test } from "vitest";
import type { ChatEvent } from "../../src/contracts/ai.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { chatEvents } from "../helpers/chat-stream.ts";

/**
 * "Our catalog has no game called …" only for a name the catalog has in no form: never for a game it
 * holds under a longer name or a short form ("CS:GO", "GTA V", "Witcher 3", "Ori", "PUBG"), nor for a
 * developer or publisher, a place or a kind of game. A false "not in our catalog" is worse than none.
 */
beforeAll(async () => {
  await upsertGames(
    [
      ["Counter-Strike: Global Offensive", "Valve", "Valve"],
      ["Dota 2", "Valve", "Valve"],
      ["Grand Theft Auto V", "Rockstar North", "Rockstar Games"],
      ["Rocket League", "Psyonix LLC", "Psyonix LLC"],
      ["The Witcher 3: Wild Hunt", "CD PROJEKT RED", "CD PROJEKT RED"],
      ["Celeste", "Matt Makes Games Inc.", "Matt Makes Games Inc."],
      ["Hollow Knight", "Team Cherry", "Team Cherry"],
      ["Hades", "Supergiant Games", "Supergiant Games"],
      ["Ori and the Blind Forest: Definitive Edition", "Moon Studios GmbH", "Xbox Game Studios"],
      ["PLAYERUNKNOWN'S BATTLEGROUNDS", "PUBG Corporation", "PUBG Corporation"],
      ["Assassin's Creed Origins", "Ubisoft Montreal", "Ubisoft"],
    ].map(([name, developer, publisher], i) => ({
      name: name!,
      developer,
      publisher,
      steamAppId: 9000 + i,
      genres: ["Action"],
      positiveReviews: 9000 - i * 100,
      negativeReviews: 1000,
    })),
    "test",
  );
});

async function answerTo(message: string): Promise<string> {
  // A user per question: the per-minute limit is not what is tested.
  const user = await createTestUser({ role: "premium" });
  const res = await request("/api/ai/chat", { method: "POST", cookie: user.cookie, json: { message } });
  expect(res.status).toBe(200);
  const events = await chatEvents(res);
  const done = events.at(-1) as Extract<ChatEvent, { type: "done" }>;
  expect(done.type).toBe("done");
  return `${done.message.content} ${done.message.note ?? ""}`;
}

test.each([
  "How is CS:GO doing compared to Dota 2?",
  "Compare Hades with Celeste and CS:GO",
  "Tell me about GTA V and Rocket League",
  "What do you think of The Witcher 3 and Celeste?",
  "Compare Hollow Knight, Hades and Ori",
  "Compare PUBG and Celeste",
  "Which Action games from Valve are popular in Europe?",
  "Should a small Indie Studio in Berlin make a Roguelike?",
  "How do Ubisoft and Valve compare?",
  "Compare Early Access Survival games with Battle Royale games",
])("%s → says no game is missing", async (question) => {
  expect(await answerTo(question)).not.toMatch(/no game called/);
});

test("a game the catalog has in no form is still said missing", async () => {
  expect(await answerTo("Compare Hollow Knight and Fortnite")).toMatch(/no game called “Fortnite”/);
});
