import { expect } from "vitest";
import type { ChatEvent, ChatMessage } from "../../src/contracts/ai.ts";
import { request } from "./api.ts";

/** The events of a chat answer's event stream (`POST /api/ai/chat`), in order, from its `data:` lines. */
export async function chatEvents(res: Response): Promise<ChatEvent[]> {
  return (await res.text())
    .split("\n\n")
    .map((block) => block.split("\n").find((l) => l.startsWith("data:")))
    .filter((l): l is string => Boolean(l))
    .map((l) => JSON.parse(l.slice(5)) as ChatEvent);
}

/** One question to the chat as the user of `cookie`: the finished answer (its `done` event's message). */
export async function chatAnswer(message: string, cookie: string): Promise<ChatMessage> {
  const res = await request("/api/ai/chat", { method: "POST", cookie, json: { message } });
  expect(res.status).toBe(200);
  const done = (await chatEvents(res)).at(-1) as Extract<ChatEvent, { type: "done" }>;
  expect(done.type).toBe("done");
  return done.message;
}
