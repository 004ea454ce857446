import { beforeAll, describe, expect, test, vi } from "vitest";
import type { ChatEvent, ChatMessage } from "../../src/contracts/ai.ts";
import { CheckedStream } from "../../src/server/ai/chat.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { resetEnvForTests } from "../../src/server/env.ts";
import { setChatKeepAliveForTests } from "../../src/server/routes/ai.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { chatEvents } from "../helpers/chat-stream.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";
import { socketServerForFile } from "../helpers/socket-server.ts";

/**
 * "Ask the analyst": the model answers through tool calls into our own data, streamed as
 * server-sent events; the stored answer is number-checked and cites the games and figures it used.
 * Also the per-tier limits: requests per minute (429) and the monthly token budget (admin-set, audited).
 */
const server = socketServerForFile();
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
const llm = withFakeLlm();
let premium: TestUser;
let admin: TestUser;
let ids: string[];

const series = (gameId: string, before: number, after: number): MetricPoint[] =>
  Array.from({ length: 14 }, (_, i) => ({
    gameId,
    metric: "players" as const,
    ts: new Date(END - (13 - i) * DAY),
    value: i < 7 ? before : after,
    source: "test",
  }));

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  admin = await createTestUser({ role: "admin" });
  ({ ids } = await upsertGames(
    [
      { name: "Rising Star", genres: ["RPG"], positiveReviews: 9000, negativeReviews: 1000, price: 19.99 },
      { name: "Fading Giant", genres: ["Shooter"], positiveReviews: 4000, negativeReviews: 6000 },
    ],
    "test",
  ));
  await recordMetrics([...series(ids[0]!, 10_000, 20_000), ...series(ids[1]!, 50_000, 30_000)]);
});

async function ask(message: string, conversationId?: string, user = premium) {
  const res = await request("/api/ai/chat", {
    method: "POST",
    cookie: user.cookie,
    json: { message, ...(conversationId ? { conversationId } : {}) },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const events = await chatEvents(res);
  const done = events.at(-1) as Extract<ChatEvent, { type: "done" }>;
  expect(done.type).toBe("done");
  return {
    events,
    answer: done.message as ChatMessage,
    conversationId: (events[0] as { conversationId: string }).conversationId,
  };
}

/** The words the stream gave, in order. */
const streamed = (events: ChatEvent[]) =>
  events
    .filter((e): e is Extract<ChatEvent, { type: "delta" }> => e.type === "delta")
    .map((e) => e.text)
    .join("");

describe("a streamed chat with tool calls", () => {
  test("tools read our data, the words stream, the answer cites its games and figures and drops an invented one", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "search_games", arguments: { query: "Rising Star" } }] },
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      {
        kind: "stream",
        text: [
          "Rising Star is ",
          "well liked: 90% of 10,000 reviews are positive. ",
          "It will sell 5,555,555 copies.",
        ],
      },
    );
    const { events, answer, conversationId } = await ask("How is Rising Star doing?");
    // Only checked sentences stream: the invented one never does.
    expect(events.map((e) => e.type)).toEqual(["start", "tool", "tool", "delta", "done"]);
    expect(streamed(events)).toBe(answer.content);
    expect(events.filter((e) => e.type === "tool").map((e) => (e as { name: string }).name)).toEqual([
      "search_games",
      "game_facts",
    ]);
    // The model's second and third requests carry the tools' answers from our database.
    const toolMessage = llm.requests[2]!.body.messages.findLast((m: { role: string }) => m.role === "tool");
    expect(toolMessage.content).toContain('"positiveSharePct":90');
    // Figures that are not known (no monthly series, no price) are left out, not handed over as null.
    expect(toolMessage.content).not.toMatch(/:null\b/);
    expect(answer.content).toBe("Rising Star is well liked: 90% of 10,000 reviews are positive.");
    expect(answer.numberCheck?.dropped).toEqual([
      { field: "answer", sentence: "It will sell 5,555,555 copies.", unknown: ["5,555,555"] },
    ]);
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]).toMatchObject({ gameId: ids[0], name: "Rising Star" });
    expect(answer.citations[0]!.figures).toEqual(
      expect.arrayContaining([
        { label: "positiveSharePct", value: 90 },
        { label: "reviews.total", value: 10_000 },
      ]),
    );
    expect(answer).toMatchObject({
      modelUsed: "llama3.1:8b via Ollama",
      tokens: { input: 1400, output: 140 },
    });
    expect(answer.timeToFirstToken).toBeGreaterThan(0);
    // What data it used and its time: the games' player series (newest point) among them.
    expect(answer.sources).toContainEqual({ source: "test", asOf: new Date(END).toISOString() });

    // The conversation is kept and listed; a follow-up joins it with the history sent along.
    llm.queue.push({ kind: "stream", text: ["Its price is $19.99."] });
    const follow = await ask("And its price?", conversationId);
    expect(follow.conversationId).toBe(conversationId);
    expect(llm.requests.at(-1)!.body.messages.map((m: { role: string }) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
    ]);
    // $19.99 came from no tool in this answer but from the first answer's game_facts: kept.
    expect(follow.answer.content).toBe("Its price is $19.99.");
    expect(follow.answer.numberCheck?.dropped).toEqual([]);
    // No tool ran for it: it used no data, and says none.
    expect(follow.answer.sources).toEqual([]);
    const list = await (await request("/api/ai/conversations", { cookie: premium.cookie })).json();
    expect(list[0]).toMatchObject({ id: conversationId, title: "How is Rising Star doing?", messages: 4 });
    const whole = await (
      await request(`/api/ai/conversations/${conversationId}`, { cookie: premium.cookie })
    ).json();
    expect(whole.messageList.map((m: ChatMessage) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(whole.messageList[1].citations[0].gameId).toBe(ids[0]);
  });

  test("the model unavailable: the statistics answer with the facts of the games named, and a note", async () => {
    llm.queue.push(
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
    );
    const { answer } = await ask("Compare Rising Star and Fading Giant");
    expect(answer.modelUsed).toBe("statistical model (llama3.1:8b via Ollama unavailable)");
    expect(answer.note).toMatch(/was unavailable: server error \(500\) after 3 attempts/);
    expect(answer.content).toContain("Rising Star: 90% positive of 10,000 reviews");
    expect(answer.content).toContain("Fading Giant: 40% positive of 10,000 reviews");
    expect(answer.citations.map((c) => c.name).sort()).toEqual(["Fading Giant", "Rising Star"]);
  });

  test("someone else's conversation is 404; a bad body is 422 naming the field", async () => {
    const { conversationId } = await ask("How is Rising Star doing?");
    const other = await createTestUser({ role: "premium" });
    const res = await request("/api/ai/chat", {
      method: "POST",
      cookie: other.cookie,
      json: { message: "hi", conversationId },
    });
    expect(res.status).toBe(404);
    expect((await request(`/api/ai/conversations/${conversationId}`, { cookie: other.cookie })).status).toBe(
      404,
    );
    const bad = await request("/api/ai/chat", {
      method: "POST",
      cookie: premium.cookie,
      json: { message: "" },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors[0].field).toBe("message");
    // Report r15-b #2: a NUL was stored whole and read back cut at it; line breaks stay allowed.
    const nul = await request("/api/ai/chat", {
      method: "POST",
      cookie: premium.cookie,
      json: { message: "x\u0000y" },
    });
    expect(nul.status).toBe(422);
    expect((await nul.json()).errors[0]).toMatchObject({
      field: "message",
      message: "Must not contain control characters",
    });
    // Review r20-b #8: a right-to-left override became a conversation title; refused as in profile names.
    for (const mark of ["\u202e", "\u2066", "\u202a"]) {
      const bidi = await request("/api/ai/chat", {
        method: "POST",
        cookie: premium.cookie,
        json: { message: `🎮😀${mark}` },
      });
      expect(bidi.status).toBe(422);
      expect((await bidi.json()).errors[0]).toMatchObject({
        field: "message",
        message: "Must not contain text-direction control characters",
      });
    }
    // Review r31-b #3: half a surrogate pair would be stored as U+FFFD; refused as in profile names.
    const broken = await request("/api/ai/chat", {
      method: "POST",
      cookie: premium.cookie,
      json: { message: "what about \ud800halo" },
    });
    expect(broken.status).toBe(422);
    expect((await broken.json()).errors[0]).toMatchObject({
      field: "message",
      message: "Must not contain broken characters (unpaired surrogates)",
    });
    // Review s9 #2: a question of invisible characters only (zero-width spaces or joiners, a BOM) is
    // blank, as it is in profile names: refused as an empty or whitespace-only one is.
    for (const message of [
      "",
      "   ",
      "\u200b\u200b",
      "\u200d\u200d\u200d",
      "\ufeff",
      " \u200b\u2060\u00ad ",
    ]) {
      const blank = await request("/api/ai/chat", {
        method: "POST",
        cookie: premium.cookie,
        json: { message },
      });
      expect(blank.status, JSON.stringify(message)).toBe(422);
      expect((await blank.json()).errors, JSON.stringify(message)).toEqual([
        { field: "message", message: "Ask a question" },
      ]);
    }
    const regular = await createTestUser();
    expect(
      (await request("/api/ai/chat", { method: "POST", cookie: regular.cookie, json: { message: "hi" } }))
        .status,
    ).toBe(403);
  });
});

describe("a model that is silent for a while", () => {
  test("the stream writes keep-alive comments while the model thinks, then the answer, which is stored", async () => {
    setChatKeepAliveForTests(50);
    try {
      llm.queue.push({ kind: "stream", text: ["Rising Star is in our catalog."], delayMs: 600 });
      const res = await request("/api/ai/chat", {
        method: "POST",
        cookie: premium.cookie,
        json: { message: "Tell me about Rising Star" },
      });
      const text = await res.text();
      const beforeWords = text.slice(text.indexOf("event: start"), text.indexOf("event: delta"));
      // About a dozen at 50 ms over 600 ms; a few are enough to show the silence was filled.
      expect(beforeWords.match(/^: keep-alive$/gm)?.length).toBeGreaterThanOrEqual(3);
      const done = JSON.parse(text.slice(text.indexOf("event: done")).split("\n")[1]!.slice(5));
      expect(done.message.content).toBe("Rising Star is in our catalog.");
      const conversation = await (
        await request(`/api/ai/conversations/${JSON.parse(text.split("\n")[1]!.slice(5)).conversationId}`, {
          cookie: premium.cookie,
        })
      ).json();
      expect(conversation.messageList.map((m: ChatMessage) => m.role)).toEqual(["user", "assistant"]);
    } finally {
      setChatKeepAliveForTests(5_000);
    }
  });

  test("a model silent past its deadline: keep-alives until the statistics answer, with a note, ends the stream", async () => {
    setChatKeepAliveForTests(50);
    process.env.AI_TIMEOUT_MS = "300";
    resetEnvForTests();
    try {
      for (let i = 0; i < 3; i++) llm.queue.push({ kind: "stream", text: ["Too late."], delayMs: 5_000 });
      const res = await request("/api/ai/chat", {
        method: "POST",
        cookie: premium.cookie,
        json: { message: "How is Rising Star doing?" },
      });
      const text = await res.text();
      expect(text.match(/^: keep-alive$/gm)?.length).toBeGreaterThanOrEqual(3);
      const done = JSON.parse(text.slice(text.indexOf("event: done")).split("\n")[1]!.slice(5));
      expect(done.message.note).toMatch(/was unavailable: timed out after \d attempts?/);
      expect(done.message.content).toContain("Rising Star: 90% positive of 10,000 reviews");
    } finally {
      process.env.AI_TIMEOUT_MS = "3000";
      resetEnvForTests();
      setChatKeepAliveForTests(5_000);
    }
  });

  test("a reader that leaves while the model thinks: the answer is still made and stored", async () => {
    llm.queue.push({ kind: "stream", text: ["Fading Giant is in our catalog."], delayMs: 300 });
    const controller = new AbortController();
    const res = await fetch(`http://${server.host}/api/ai/chat`, {
      method: "POST",
      headers: {
        Cookie: premium.cookie,
        Origin: `http://${server.host}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ message: "Tell me about Fading Giant" }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let first = "";
    while (!first.includes("\n\n")) first += (await reader.read()).value ?? "";
    const { conversationId } = JSON.parse(first.split("\n")[1]!.slice(5));
    controller.abort();
    await reader.cancel().catch(() => {});
    let roles: string[] = [];
    for (let i = 0; i < 50 && roles.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const c = await (
        await request(`/api/ai/conversations/${conversationId}`, { cookie: premium.cookie })
      ).json();
      roles = c.messageList.map((m: ChatMessage) => m.role);
    }
    expect(roles).toEqual(["user", "assistant"]);
  });
});

describe("the number check of the chat", () => {
  test("the question's own numbers are not facts: repeating them with no tool call is withheld", async () => {
    llm.queue.push({
      kind: "stream",
      text: ["Yes, Dota 2 sold 50 million copies ", "and made $900 million."],
    });
    const { events, answer } = await ask("Did Dota 2 sell 50 million copies and make $900 million?");
    expect(answer.toolCalls).toEqual([]);
    expect(answer.content).toBe("The answer cited figures that are not in our data and was withheld.");
    expect(answer.numberCheck?.dropped).toEqual([
      {
        field: "answer",
        sentence: "Yes, Dota 2 sold 50 million copies and made $900 million.",
        unknown: ["2", "50 million", "$900 million"],
      },
    ]);
    expect(answer.note).toMatch(/withheld/);
    expect(streamed(events)).toBe("");
  });

  test("a game's figure backs only sentences about that game, not another game looked up with it", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "compare_games", arguments: { gameIds: [ids[0], ids[1]] } }] },
      {
        kind: "stream",
        text: ["Rising Star is 90% positive of 10,000 reviews. ", "Fading Giant is 90% positive."],
      },
    );
    const { events, answer } = await ask("Compare Rising Star and Fading Giant reviews");
    // 90% is Rising Star's share; Fading Giant's is 40%.
    expect(answer.content).toBe("Rising Star is 90% positive of 10,000 reviews.");
    expect(streamed(events)).toBe(answer.content);
    expect(answer.numberCheck?.dropped).toEqual([
      // Rising Star's 90% is a fact, only not Fading Giant's: not called unknown.
      { field: "answer", sentence: "Fading Giant is 90% positive.", unknown: [], notAbout: ["90%"] },
    ]);
    // The note says why as the analysis card does: a fact, only not of the game the sentence speaks of.
    expect(answer.note).toBe(
      "1 of its 2 sentences citing a number that is not a figure of what the sentence speaks of was left out.",
    );
    expect(answer.citations.map((c) => c.name)).toEqual(["Rising Star"]);
    // A sentence that goes on about the game named before it ("It …") is checked against that game.
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "compare_games", arguments: { gameIds: [ids[0], ids[1]] } }] },
      { kind: "stream", text: ["Fading Giant is 40% positive. ", "It is 90% positive on the week."] },
    );
    const pronoun = await ask("And Fading Giant?");
    expect(pronoun.answer.content).toBe("Fading Giant is 40% positive.");
  });

  test("a game whose name holds digits (Dota 2, Cyberpunk 2077) is named, not an invented number", async () => {
    await upsertGames(
      [
        { name: "Dota 2", genres: ["MOBA"], positiveReviews: 100, negativeReviews: 10 },
        { name: "Cyberpunk 2077", genres: ["RPG"], positiveReviews: 100, negativeReviews: 10 },
      ],
      "test",
    );
    llm.queue.push({
      kind: "stream",
      text: [
        "Dota 2 is a MOBA. Cyberpunk 2077 is an RPG. ",
        "Hades is a roguelike. Dota 2 has 1,005,586 reviews.",
      ],
    });
    const { events, answer } = await ask("What genres are Dota 2, Cyberpunk 2077 and Hades?");
    expect(answer.content).toBe("Dota 2 is a MOBA. Cyberpunk 2077 is an RPG. Hades is a roguelike.");
    expect(streamed(events)).toBe(answer.content);
    // Its figures are still checked.
    expect(answer.numberCheck?.dropped).toEqual([
      { field: "answer", sentence: "Dota 2 has 1,005,586 reviews.", unknown: ["1,005,586"] },
    ]);
  });

  test("r14 D2: a catalog game named in the answer, not looked up, borrows none of the looked-up game's figures", async () => {
    await upsertGames(
      [{ name: "Dead Cells", genres: ["Action"], positiveReviews: 100, negativeReviews: 10 }],
      "test",
    );
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      {
        kind: "stream",
        text: [
          "Dead Cells is 90% positive of 10,000 reviews. ",
          "Rising Star is 90% positive of 10,000 reviews. ",
          "It costs $19.99. ",
          "Rising Star costs $19.99, unlike Dead Cells.",
        ],
      },
    );
    const { events, answer } = await ask("How is Rising Star doing?");
    expect(answer.content).toBe(
      "Rising Star is 90% positive of 10,000 reviews. It costs $19.99. Rising Star costs $19.99, unlike Dead Cells.",
    );
    expect(streamed(events)).toBe(answer.content);
    expect(answer.numberCheck?.dropped).toEqual([
      {
        field: "answer",
        sentence: "Dead Cells is 90% positive of 10,000 reviews.",
        unknown: [],
        notAbout: ["90%", "10,000"],
      },
    ]);
  });

  test("figures of earlier answers of the conversation count on a follow-up", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      { kind: "stream", text: ["Rising Star has 90% positive reviews out of 10,000."] },
    );
    const first = await ask("How do players like Rising Star?");
    expect(first.answer.numberCheck?.dropped).toEqual([]);
    llm.queue.push({
      kind: "stream",
      text: ["As said, Rising Star has 90% positive reviews out of 10,000."],
    });
    const follow = await ask("Say that again?", first.conversationId);
    expect(follow.answer.toolCalls).toEqual([]);
    expect(follow.answer.content).toBe("As said, Rising Star has 90% positive reviews out of 10,000.");
    expect(follow.answer.numberCheck?.dropped).toEqual([]);
    expect(follow.answer.note).toBeNull();
    // The game it names again is cited from the earlier answer's facts.
    expect(follow.answer.citations.map((c) => c.gameId)).toEqual([ids[0]]);
    // Another conversation does not share them.
    llm.queue.push({ kind: "stream", text: ["Rising Star has 90% positive reviews out of 10,000."] });
    const other = await ask("And elsewhere?");
    expect(other.answer.numberCheck?.dropped).toHaveLength(1);
  });

  test("a bullet list: the bullet with an invented number is dropped, the others kept, the note says so", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      {
        kind: "stream",
        text: [
          "- Rising Star: 90% positive of 10,000 reviews\n",
          "- It will sell 5,555,555 copies\n",
          "- Its price is $19.99",
        ],
      },
    );
    const { events, answer } = await ask("Rising Star in bullets?");
    expect(answer.content).toBe("- Rising Star: 90% positive of 10,000 reviews\n- Its price is $19.99");
    expect(answer.numberCheck?.dropped).toEqual([
      { field: "answer", sentence: "- It will sell 5,555,555 copies", unknown: ["5,555,555"] },
    ]);
    expect(answer.note).toBe("1 of its 3 sentences citing a number that is not in our data was left out.");
    expect(streamed(events)).toBe(answer.content);
  });

  test("the stream gives only checked sentences: an invented figure never reaches the screen", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      {
        kind: "stream",
        text: [
          "Rising Star is well liked: 90% of 10,000 ",
          "reviews are positive. It will sell 5,",
          "555,555 copies. Its price is $19.99.",
        ],
      },
    );
    const { events, answer } = await ask("Tell me about Rising Star");
    const deltas = events.filter((e) => e.type === "delta").map((e) => (e as { text: string }).text);
    expect(deltas.join("")).not.toContain("5,555,555");
    expect(deltas.join("")).not.toMatch(/555/);
    expect(streamed(events)).toBe(answer.content);
    expect(answer.content).toBe(
      "Rising Star is well liked: 90% of 10,000 reviews are positive. Its price is $19.99.",
    );
    // Each delta is whole sentences: the first was streamed before the model had finished.
    expect(deltas[0]).toBe("Rising Star is well liked: 90% of 10,000 reviews are positive.");
  });

  test("a tool the model makes up is answered with an error and neither recorded nor shown", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "drop_tables", arguments: {} }] },
      { kind: "stream", text: ["I cannot do that."] },
    );
    const { events, answer, conversationId } = await ask("Drop the tables");
    expect(events.some((e) => e.type === "tool")).toBe(false);
    expect(answer.toolCalls).toEqual([]);
    const toolMessage = llm.requests[1]!.body.messages.findLast((m: { role: string }) => m.role === "tool");
    expect(toolMessage.content).toMatch(/unavailable tool 'drop_tables'/);
    const stored = await (
      await request(`/api/ai/conversations/${conversationId}`, { cookie: premium.cookie })
    ).json();
    expect(stored.messageList.at(-1).toolCalls).toEqual([]);
  });
});

describe("without the model, only games the question names in full", () => {
  const gameIds: Record<string, string> = {};
  beforeAll(async () => {
    const names = ["20XX", "Hades", "Hades' Star", "Dead Cells", "魔塔2018"];
    const { ids: made } = await upsertGames(
      [
        ...names.map((name) => ({ name, genres: ["Indie"], positiveReviews: 900, negativeReviews: 100 })),
        {
          name: "Counter-Strike: Global Offensive",
          steamAppId: 730,
          developer: "Valve",
          publisher: "Valve",
          genres: ["Action"],
          positiveReviews: 7000,
          negativeReviews: 1000,
        },
      ],
      "test",
    );
    [...names, "Counter-Strike: Global Offensive"].forEach((n, i) => {
      gameIds[n] = made[i]!;
    });
  });

  const fallback = async (question: string) => {
    llm.queue.push(
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
      { kind: "status", status: 500 },
    );
    const { answer } = await ask(question);
    expect(answer.modelUsed).toBe("statistical model (llama3.1:8b via Ollama unavailable)");
    return answer;
  };

  test.each([
    ["Which roguelike deckbuilders under $20 grew fastest this quarter?", []],
    ["Compare Hades and Dead Cells reviews", ["Dead Cells", "Hades"]],
    ["What are the best selling games of 2018?", []],
    ["How much revenue did Valve make?", []],
  ])("%s → cites %j", async (question, expected) => {
    const answer = await fallback(question);
    expect(answer.citations.map((c) => c.name).sort()).toEqual(expected);
    if (expected.length === 0) expect(answer.content).toMatch(/names none I could find/);
    for (const name of expected) expect(answer.content).toContain(`${name}: 90% positive of 1,000 reviews`);
    // None of these names a game we lack: Valve is a developer of the catalog's (review 19, items 1 and 20).
    expect(answer.content).not.toMatch(/no game called/);
  });

  test.each([
    "How are FPS games doing on PC in Q3 2023?",
    "Is Dead Cells bigger than Nintendo Switch sales?",
    "Which of Valve's games has the most players?",
  ])("%s → says no game is missing", async (question) => {
    const answer = await fallback(question);
    expect(answer.content).not.toMatch(/no game called/);
  });

  test("a question naming a game we do not have says so, not an answer about the other alone (report r18b #4)", async () => {
    const answer = await fallback("Compare Hollow Knight and Dead Cells reviews");
    expect(answer.content).toContain("Dead Cells: 90% positive of 1,000 reviews");
    expect(answer.content).toMatch(/Our catalog has no game called “Hollow Knight”\.$/);
    expect(answer.citations.map((c) => c.name)).toEqual(["Dead Cells"]);
    const none = await fallback("Compare Hollow Knight and Celeste");
    expect(none.content).toContain(
      "your question names none I could find. Our catalog has no game called “Hollow Knight” or “Celeste”.",
    );
  });

  test("with the model: a name the tools found no game for, and the answer passes over, is said in the note", async () => {
    const deadCells = () => [
      {
        kind: "stream" as const,
        toolCalls: [{ name: "search_games", arguments: { query: "Hollow Knight" } }],
      },
      {
        kind: "stream" as const,
        toolCalls: [{ name: "game_facts", arguments: { gameId: gameIds["Dead Cells"] } }],
      },
    ];
    llm.queue.push(...deadCells(), {
      kind: "stream",
      text: ["Dead Cells is 90% positive of 1,000 reviews."],
    });
    const { answer } = await ask("Compare Hollow Knight and Dead Cells reviews");
    expect(answer.modelUsed).toBe("llama3.1:8b via Ollama");
    expect(answer.content).toBe("Dead Cells is 90% positive of 1,000 reviews.");
    expect(answer.note).toBe("Our catalog has no game called “Hollow Knight”.");
    // An answer that says so itself needs no note.
    llm.queue.push(...deadCells(), {
      kind: "stream",
      text: ["Hollow Knight is not in our data. Dead Cells is 90% positive of 1,000 reviews."],
    });
    const { answer: told } = await ask("Compare Hollow Knight and Dead Cells reviews");
    expect(told.note).toBeNull();
  });

  test("a game with one day of player readings: the answer says so, never 'over the last 7 days'", async () => {
    const { ids: made } = await upsertGames(
      [{ name: "Lone Reading", genres: ["Indie"], positiveReviews: 800, negativeReviews: 200 }],
      "test",
    );
    await recordMetrics([
      { gameId: made[0]!, metric: "players", ts: new Date(END), value: 1590, source: "test" },
    ]);
    const one = await fallback("Tell me about Lone Reading");
    expect(one.content).toContain(
      // Each figure with its source (a review count no point dates: said so).
      "Lone Reading: 80% positive of 1,000 reviews (source not recorded), 1,590 players on the one day of readings we have (not yet a 7-day average) (test · ",
    );
    expect(one.content).not.toMatch(/over the last 7 days/);
    // Three days of readings: an average over those three, not over seven.
    await recordMetrics(
      [1, 2].map((d) => ({
        gameId: made[0]!,
        metric: "players" as const,
        ts: new Date(END - d * DAY),
        value: 1590,
        source: "test",
      })),
    );
    const three = await fallback("Tell me about Lone Reading");
    expect(three.content).toContain("1,590 average daily players over the 3 days of readings in the last 7");
    // A full week: the 7-day wording.
    const full = await fallback("Tell me about Rising Star");
    expect(full.content).toContain("20,000 average daily players over the last 7 days");
  });

  test("game_facts takes steam-<appid> as the API does", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: "steam-730" } }] },
      { kind: "stream", text: ["Counter-Strike: Global Offensive has 87.5% positive reviews."] },
    );
    const { answer } = await ask("How is steam-730 reviewed?");
    const toolMessage = llm.requests[1]!.body.messages.findLast((m: { role: string }) => m.role === "tool");
    expect(toolMessage.content).toContain('"name":"Counter-Strike: Global Offensive"');
    expect(answer.content).toBe("Counter-Strike: Global Offensive has 87.5% positive reviews.");
    expect(answer.citations.map((c) => c.gameId)).toEqual([gameIds["Counter-Strike: Global Offensive"]]);
  });
});

describe("a model that does not finish its answer", () => {
  test("one that keeps calling tools: bounded steps, the last without tools, no re-run, each tool step shown once", async () => {
    // Every reply a tool call: unknown tool, bad input, then the same search again and again.
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "drop_tables", arguments: {} }] },
      { kind: "stream", toolCalls: [{ name: "screen_games", arguments: { days: 1 } }] },
      ...Array.from({ length: 20 }, () => ({
        kind: "stream" as const,
        toolCalls: [{ name: "search_games", arguments: { query: "Rising Star" } }],
      })),
    );
    const { events, answer } = await ask("tools please");
    // One attempt of 6 steps, not 3 attempts of 6.
    expect(llm.requests).toHaveLength(6);
    // The last step offers the model no tool: it is asked to answer.
    const last = llm.requests.at(-1)!.body;
    expect(last.tools ?? []).toEqual([]);
    expect(llm.requests[0]!.body.tools.length).toBeGreaterThan(0);
    // The same search is shown and recorded once.
    expect(events.filter((e) => e.type === "tool")).toEqual([
      { type: "tool", name: "search_games", input: { query: "Rising Star" } },
    ]);
    expect(answer.toolCalls).toEqual([{ name: "search_games", input: { query: "Rising Star" } }]);
    // Six steps' tokens, once.
    expect(answer.tokens).toMatchObject({ input: 2400, output: 180 });
    expect(answer.note).toMatch(/kept calling tools for 6 steps without answering after 1 attempt/);
    // The statistics answer with the games the tools had found.
    expect(answer.modelUsed).toBe("statistical model (llama3.1:8b via Ollama unavailable)");
    expect(answer.content).toContain("Rising Star: 90% positive of 10,000 reviews");
  });

  test("an answer cut off at the output limit says so, and its unfinished sentence is not shown", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      {
        kind: "stream",
        text: ["Rising Star has 10,000 reviews. ", "The main reason players stay is"],
        finishReason: "length",
      },
    );
    const { events, answer } = await ask("Why do players stay with Rising Star?");
    expect(answer.modelUsed).toBe("llama3.1:8b via Ollama");
    expect(answer.content).toBe("Rising Star has 10,000 reviews.");
    expect(streamed(events)).toBe(answer.content);
    expect(answer.note).toMatch(
      /reached the output limit of [\d,]+ tokens and was cut off, so it may be incomplete; its unfinished last sentence is left out\.$/,
    );
  });
});

describe("a slow or broken stream (report r18b #2)", () => {
  /** Runs `body` with AI_TIMEOUT_MS set to `ms`, then puts the file's 3 s back. */
  async function withTimeout<T>(ms: number, body: () => Promise<T>): Promise<T> {
    process.env.AI_TIMEOUT_MS = String(ms);
    resetEnvForTests();
    try {
      return await body();
    } finally {
      process.env.AI_TIMEOUT_MS = "3000";
      resetEnvForTests();
    }
  }

  test("a model writing slowly but steadily is not cut off: the timeout is a limit on silence", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      {
        kind: "stream",
        // Each piece within the 500 ms timeout, the whole answer well past twice it.
        text: ["Rising Star ", "has ", "10,000 ", "reviews ", "and ", "is ", "well ", "liked."],
        gapMs: 250,
      },
    );
    const { answer } = await withTimeout(500, () => ask("How is Rising Star received?"));
    expect(answer.modelUsed).toBe("llama3.1:8b via Ollama");
    expect(answer.content).toBe("Rising Star has 10,000 reviews and is well liked.");
    expect(answer.note).toBeNull();
  });

  test("an attempt that starts late waits only what is left of the two timeouts, not a whole timeout more (review 19, item 3)", async () => {
    llm.queue.push(
      // The first attempt is asked to wait 0.75 s: the second starts with about 0.25 s of the 1 s left.
      { kind: "status", status: 429, retryAfter: "0.75" },
      { kind: "stream", text: ["Too late."], delayMs: 5_000 },
      { kind: "stream", text: ["Too late."], delayMs: 5_000 },
    );
    const { answer } = await withTimeout(500, () => ask("Is Rising Star worth it?"));
    expect(answer.note).toMatch(/was unavailable: timed out after 2 attempts/);
    expect(llm.requests).toHaveLength(2);
    // Within the two timeouts (1 s) and the statistics answer; a whole timeout more would be 1.25 s.
    expect(answer.processingTime).toBeLessThan(1_150);
  });

  test("a model silent past the timeout mid-answer: its unfinished last sentence is not shown, and the note says it timed out", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      { kind: "stream", text: ["Rising Star has 10,000 reviews. It is ", "not recommended."], gapMs: 2_000 },
    );
    const { events, answer } = await withTimeout(500, () => ask("Should I watch Rising Star?"));
    expect(answer.content).toBe("Rising Star has 10,000 reviews.");
    expect(streamed(events)).toBe(answer.content);
    expect(answer.note).toBe(
      "The language model (llama3.1:8b via Ollama) stopped: timed out, so the answer may be incomplete; its unfinished last sentence is left out.",
    );
  });

  test("a connection dropped mid-answer: the fragment is not shown, and the note says the connection dropped", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      { kind: "stream", text: ["Rising Star has 10,000 reviews. ", "It has"], cut: true },
    );
    const { events, answer } = await ask("What about Rising Star's reviews?");
    expect(answer.content).toBe("Rising Star has 10,000 reviews.");
    expect(streamed(events)).toBe(answer.content);
    expect(answer.note).toMatch(/stopped: the connection dropped before the answer was complete/);
    expect(answer.note).toMatch(/its unfinished last sentence is left out\.$/);
    expect(answer.note).not.toMatch(/expected format/);
  });

  test("a connection dropped right after a decimal point: '… is rated 4.' is an unfinished sentence, left out (review r19e, item 2)", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      { kind: "stream", text: ["Rising Star has 10,000 reviews. ", "It is rated 4."], cut: true },
    );
    const { events, answer } = await ask("How is Rising Star rated?");
    expect(answer.content).toBe("Rising Star has 10,000 reviews.");
    expect(streamed(events)).toBe(answer.content);
    expect(answer.note).toMatch(/its unfinished last sentence is left out\.$/);
  });

  test("an error of our own code mid-answer is not told as a dropped connection (review 19, items 5 and 21)", async () => {
    llm.queue.push(
      { kind: "stream", toolCalls: [{ name: "game_facts", arguments: { gameId: ids[0] } }] },
      { kind: "stream", text: ["Rising Star has 10,000 reviews. ", "It is ", "well liked."], gapMs: 20 },
    );
    const push = CheckedStream.prototype.push;
    const failing = vi.spyOn(CheckedStream.prototype, "push").mockImplementation(async function (
      this: CheckedStream,
      piece: string,
    ) {
      if (piece === "It is ") throw new TypeError("Cannot read properties of undefined (reading 'kept')");
      return push.call(this, piece);
    });
    try {
      const { events, answer } = await ask("Is Rising Star liked?");
      expect(answer.content).toBe("Rising Star has 10,000 reviews.");
      expect(streamed(events)).toBe(answer.content);
      expect(answer.note).toBe(
        "The answer was cut short by an error on our side while we handled it, so it may be incomplete; its unfinished last sentence is left out.",
      );
      expect(answer.note).not.toMatch(/connection dropped|expected format/);
      // Not the model's fault: it is not asked again.
      expect(llm.requests).toHaveLength(2);
    } finally {
      failing.mockRestore();
    }
  });
});

describe("limits per tier", () => {
  test("only admins read and set them; a change is audited", async () => {
    expect((await request("/api/ai/limits", { cookie: premium.cookie })).status).toBe(403);
    const bad = await request("/api/ai/limits/professional", {
      method: "PUT",
      cookie: admin.cookie,
      json: { monthlyTokens: -1, requestsPerMinute: 3 },
    });
    expect(bad.status).toBe(422);
    const problem = await bad.json();
    expect(problem.errors[0].field).toBe("monthlyTokens");
    // Out of range: the detail says the range allowed.
    expect(JSON.stringify(problem)).toContain("from 0 to 1,000,000,000");
    const tooMany = await request("/api/ai/limits/professional", {
      method: "PUT",
      cookie: admin.cookie,
      json: { monthlyTokens: 5, requestsPerMinute: 10_001 },
    });
    expect(tooMany.status).toBe(422);
    const tooManyProblem = await tooMany.json();
    expect(tooManyProblem.errors[0].field).toBe("requestsPerMinute");
    expect(JSON.stringify(tooManyProblem)).toContain("from 0 to 10,000");
    const res = await request("/api/ai/limits/professional", {
      method: "PUT",
      cookie: admin.cookie,
      json: { monthlyTokens: 1000, requestsPerMinute: 3 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ tier: "professional", monthlyTokens: 1000, setBy: "admin" });
    const { rawClient } = await import("../../src/server/db/client.ts");
    const audit = await rawClient().execute(
      "SELECT actor_id, target_id, detail FROM audit_log WHERE action = 'ai.limits_changed'",
    );
    expect(audit.rows[0]).toMatchObject({ actor_id: admin.user.id, target_id: "professional" });
  });

  test("past the requests per minute: 429 with Retry-After", async () => {
    const user = await createTestUser({ role: "premium" });
    for (let i = 0; i < 3; i++) {
      const ok = await request("/api/ai/trending-analysis", { method: "POST", cookie: user.cookie });
      expect(ok.status).toBe(200);
    }
    const limited = await request("/api/ai/trending-analysis", { method: "POST", cookie: user.cookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a limit of 0 requests a minute turns the AI off for the plan: 403 saying so, not a 429 to wait out", async () => {
    const put = (requestsPerMinute: number) =>
      request("/api/ai/limits/professional", {
        method: "PUT",
        cookie: admin.cookie,
        json: { monthlyTokens: 1000, requestsPerMinute },
      });
    expect((await put(0)).status).toBe(200);
    const user = await createTestUser({ role: "premium" });
    const off = await request("/api/ai/trending-analysis", { method: "POST", cookie: user.cookie });
    expect(off.status).toBe(403);
    expect(off.headers.get("retry-after")).toBeNull();
    expect((await off.json()).detail).toMatch(
      /^The AI analyst is turned off for your plan \(0 AI requests a minute\)/,
    );
    expect((await put(3)).status).toBe(200);
  });

  test("past the monthly token budget: the statistics answer, with a note, and the model is not asked", async () => {
    // The 1,000-token budget set above; the premium user has used 2,000+ in the chats.
    llm.requests.length = 0;
    const res = await request("/api/ai/market-insights", { method: "POST", cookie: premium.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(llm.requests).toHaveLength(0);
    expect(body.metadata.modelUsed).toBe("statistical model (monthly token budget used up)");
    expect(body.metadata.note).toMatch(/monthly budget of 1,000 language-model tokens is used up/);
    const { answer } = await ask("How is Rising Star doing?");
    expect(llm.requests).toHaveLength(0);
    expect(answer.modelUsed).toBe("statistical model (monthly token budget used up)");
    expect(answer.note).toMatch(/monthly budget of 1,000 language-model tokens is used up/);
    expect(answer.content).toContain("Rising Star: 90% positive of 10,000 reviews");
  });
});
