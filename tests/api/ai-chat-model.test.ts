import { beforeAll, expect, test } from "vitest";
import { CHAT_EXAMPLES, type ChatModel } from "../../src/contracts/ai.ts";
import { STATISTICAL_MODEL } from "../../src/server/ai/provider.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";

/**
 * Before the first answer, "Ask the analyst" knows what will answer (review r29-a, finding 9): `GET
 * /api/ai/chat/model` gives the label an answer would carry now, so that the empty state says
 * "Statistics only (no language model configured)" and suggests questions the statistics answer.
 */
beforeAll(async () => {
  await upsertGames(
    [
      {
        name: "Stardew Valley",
        steamAppId: 413150,
        positiveReviews: 575_047,
        negativeReviews: 10_404,
        price: 14.99,
      },
      { name: "Hades", steamAppId: 1145360, positiveReviews: 220_000, negativeReviews: 3_000, price: 24.99 },
      {
        name: "Dead Cells",
        steamAppId: 588650,
        positiveReviews: 120_000,
        negativeReviews: 6_000,
        price: 24.99,
      },
    ],
    "steam-store-csv",
  );
});

test("without a language model: the statistics label, before any question", async () => {
  const user = await createTestUser({ role: "premium" });
  const res = await request("/api/ai/chat/model", { cookie: user.cookie });
  expect(res.status).toBe(200);
  expect((await res.json()) as ChatModel).toEqual({ modelUsed: STATISTICAL_MODEL });
  const regular = await createTestUser({ role: "regular" });
  expect((await request("/api/ai/chat/model", { cookie: regular.cookie })).status).toBe(403);
});

test.each(CHAT_EXAMPLES.statistics)(
  "the statistics' example “%s” is answered about its games",
  async (example) => {
    const user = await createTestUser({ role: "premium" });
    const answer = await chatAnswer(example, user.cookie);
    expect(answer.modelUsed).toBe(STATISTICAL_MODEL);
    expect(answer.content).toMatch(/^The games your question names, from our data:\n- /);
  },
);

test("the model's example that the statistics cannot answer is not among the statistics' examples", async () => {
  const user = await createTestUser({ role: "premium" });
  const unanswered = [];
  for (const example of CHAT_EXAMPLES.model)
    if (/names none I could find/.test((await chatAnswer(example, user.cookie)).content))
      unanswered.push(example);
  expect(unanswered).toEqual(["Which roguelike deckbuilders under $20 grew fastest this quarter?"]);
  for (const example of unanswered) expect(CHAT_EXAMPLES.statistics).not.toContain(example);
});
