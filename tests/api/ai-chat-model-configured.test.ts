import { expect, test } from "vitest";
import type { ChatModel } from "../../src/contracts/ai.ts";
import { createTestUser, request } from "../helpers/api.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";

/** With a language model configured, `GET /api/ai/chat/model` names it (review r29-a, finding 9). */
withFakeLlm();

test("with a language model: its label", async () => {
  const user = await createTestUser({ role: "premium" });
  const res = await request("/api/ai/chat/model", { cookie: user.cookie });
  expect(res.status).toBe(200);
  expect((await res.json()) as ChatModel).toEqual({ modelUsed: "llama3.1:8b via Ollama" });
});
