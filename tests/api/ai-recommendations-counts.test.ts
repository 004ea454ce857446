import { beforeAll, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";

/**
 * Report r18b #3: the recorded good answer's "Chosen from 2 tracked games and your favourite genres."
 * was dropped, the count of tracked games being no fact, while the screen shows it ("2 of your games",
 * the confidence's "2 tracked games"). The counts the screen shows are facts the model may repeat.
 */
const llm = withFakeLlm();
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser({ role: "premium" });
  const { ids } = await upsertGames(
    [
      { name: "Followed Quest", genres: ["RPG"], positiveReviews: 900, negativeReviews: 100 },
      { name: "Followed Saga", genres: ["RPG"], positiveReviews: 800, negativeReviews: 200 },
      { name: "Unfollowed Tale", genres: ["RPG"], positiveReviews: 700, negativeReviews: 300 },
    ],
    "test",
  );
  for (const gameId of ids.slice(0, 2))
    await request("/api/user/games", { method: "POST", cookie: user.cookie, json: { gameId } });
});

test("'Chosen from 2 tracked games' is kept: the count of tracked games is a fact", async () => {
  const res = await request("/api/ai/recommendations", { method: "POST", cookie: user.cookie });
  expect(res.status).toBe(200);
  const { recommendations, metadata } = await res.json();
  expect(metadata.userGames).toBe(2);
  expect(metadata.languageModel).toBe("used");
  const prompt = llm.requests[0]!.body.messages.find((m: { role: string }) => m.role === "user").content;
  expect(prompt).toContain('"trackedGameCount":2');
  expect(recommendations.reasoning).toBe("Chosen from 2 tracked games and your favourite genres.");
  expect(metadata.numberCheck.dropped).toEqual([]);
});
