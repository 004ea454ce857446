import { beforeAll, describe, expect, test } from "vitest";
import type { ChatMessage } from "../../src/contracts/ai.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, type TestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";

/**
 * A question covers up to 5 games (review: it stopped at 3 while compare_games and the Compare screen
 * take 5): the statistics answer every game a question names up to 5, in the order the question names
 * them, whether no model is asked or the model fails, and those of the model's tools when the question
 * names none; a sixth is said to be left out, never passed over nor called missing.
 */
const llm = withFakeLlm();
const NAMES = ["Celeste", "Hades", "Dead Cells", "Hollow Knight", "Stardew Valley", "Terraria"];
let premium: TestUser;
let ids: string[];

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  ({ ids } = await upsertGames(
    NAMES.map((name, i) => ({
      name,
      genres: ["Indie"],
      positiveReviews: 900 + i,
      negativeReviews: 100,
    })),
    "test",
  ));
});

/** The answer's game lines ("- Celeste: …"), by the name they start with. */
const linesOf = (answer: ChatMessage) =>
  answer.content
    .split("\n")
    .filter((l) => l.startsWith("- "))
    .map((l) => l.slice(2, l.indexOf(": ")));

const modelFails = () =>
  llm.queue.push(
    { kind: "status", status: 500 },
    { kind: "status", status: 500 },
    { kind: "status", status: 500 },
  );

describe("the model unavailable", () => {
  test("five named games: all five, in the question's order", async () => {
    modelFails();
    const answer = await chatAnswer(
      "Compare Stardew Valley, Celeste, Hades, Hollow Knight and Dead Cells",
      premium.cookie,
    );
    expect(answer.modelUsed).toBe("statistical model (llama3.1:8b via Ollama unavailable)");
    expect(linesOf(answer)).toEqual(["Stardew Valley", "Celeste", "Hades", "Hollow Knight", "Dead Cells"]);
    expect(answer.citations).toHaveLength(5);
    expect(answer.content).not.toMatch(/left out|no game called/);
  });

  test("a sixth named game is said to be left out, not passed over or called missing", async () => {
    modelFails();
    const answer = await chatAnswer(
      "Compare Celeste, Hades, Dead Cells, Hollow Knight, Stardew Valley and Terraria",
      premium.cookie,
    );
    expect(linesOf(answer)).toEqual(NAMES.slice(0, 5));
    expect(answer.content).toMatch(
      /\n\nAn answer covers at most 5 games, so “Terraria” was left out: ask about it separately\.$/,
    );
    expect(answer.content).not.toMatch(/no game called/);
  });

  test("a question naming none: the five games the model's tools had looked up", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "compare_games", arguments: { gameIds: ids.slice(0, 5) } }] },
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
    );
    const answer = await chatAnswer("Compare my five favourite indie games", premium.cookie);
    expect(answer.content).toMatch(/^The games the analyst looked up, from our data:/);
    expect(linesOf(answer)).toEqual(NAMES.slice(0, 5));
  });
});
