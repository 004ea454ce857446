import type { ChatEvent } from "../../src/contracts/ai.ts";

/** The events of a chat answer's event stream (`POST /api/ai/chat`), in order, from its `data:` lines. */
export async function chatEvents(res: Response): Promise<ChatEvent[]> {
  return (await res.text())
    .split("\n\n")
    .map((block) => block.split("\n").find((l) => l.startsWith("data:")))
    .filter((l): l is string => Boolean(l))
    .map((l) => JSON.parse(l.slice(5)) as ChatEvent);
}
