import { beforeAll, describe, expect, test } from "vitest";
import type { ChatEvent, ChatMessage } from "../../src/contracts/ai.ts";
import { analystTools, newLedger } from "../../src/server/ai/tools.ts";
import { getTrendingGames } from "../../src/server/catalog/trending.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { chatEvents } from "../helpers/chat-stream.ts";
import { withFakeLlm } from "../helpers/fake-llm.ts";
import { socketServerForFile } from "../helpers/socket-server.ts";

/**
 * "Which action games grew fastest?" on imported monthly players only (SteamCharts to Feb 2022, no
 * live syncs): `screen_games` carries each game's growth as Overview → Trending computes it (latest
 * month vs. the month before, with its source and month), sorted fastest first, and an answer quoting
 * it passes the number check.
 */
socketServerForFile();
const llm = withFakeLlm();
let premium: TestUser;
let ids: string[];

const months = (gameId: string, values: number[]): MetricPoint[] =>
  values.map((value, i) => ({
    gameId,
    metric: "players" as const,
    // Dec 2021, Jan 2022, Feb 2022: one mean per month, dated the 1st.
    ts: new Date(Date.UTC(2021, 11 + i, 1)),
    value,
    period: "month" as const,
    source: "steamcharts-csv",
  }));

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
  ({ ids } = await upsertGames(
    [
      { name: "Lost Ark", genres: ["Action"], positiveReviews: 5000, negativeReviews: 5000 },
      { name: "Path of Exile", genres: ["Action", "RPG"], positiveReviews: 8000, negativeReviews: 2000 },
      {
        name: "Counter-Strike: Global Offensive",
        genres: ["Action"],
        positiveReviews: 9000,
        negativeReviews: 1000,
      },
      { name: "Stardew Valley", genres: ["Simulation"], positiveReviews: 9800, negativeReviews: 200 },
    ],
    "test",
  ));
  await recordMetrics([
    ...months(ids[0]!, [600_000, 700_000, 650_000]), // −7.1%
    ...months(ids[1]!, [20_000, 15_000, 87_900]), // +486%
    ...months(ids[2]!, [500_000, 520_000, 572_000]), // +10%
    ...months(ids[3]!, [30_000, 20_000, 60_000]), // +200%, another genre
  ]);
});

type Screened = {
  days: number;
  growthNote?: string;
  games: Array<{
    name: string;
    growthPct: number | null;
    growthPeriod: string | null;
    growthSource?: string;
    growthAsOf?: string;
    averageDailyPlayers: number | null;
  }>;
};

test("screen_games: the genre's games with trending's growth, its period, source and month, fastest first", async () => {
  const tools = analystTools(newLedger());
  const ctx = { toolCallId: "t", messages: [], context: {} };
  const screened = (await tools.screen_games.execute!({ genre: "Action", days: 30 }, ctx)) as Screened;
  expect(screened.games.map((g) => [g.name, g.growthPct])).toEqual([
    ["Path of Exile", 486],
    ["Counter-Strike: Global Offensive", 10],
    ["Lost Ark", -7.1],
  ]);
  for (const g of screened.games) {
    expect(g).toMatchObject({
      growthPeriod: "avg. players, latest month vs. the month before",
      growthSource: "SteamCharts",
      growthAsOf: "2022-02",
      // A month's mean is not a day's players.
      averageDailyPlayers: null,
    });
  }
  expect(screened.growthNote).toMatch(/without daily player counts in the last 30 days/);
  // The same figure as Overview → Trending.
  const trending = await getTrendingGames();
  const poe = trending.find((g) => g.gameName === "Path of Exile")!;
  expect(Math.round(poe.growth * 1000) / 10).toBe(486);
  expect(poe.growthBasis).toBe("month");
});

test("the chat: an answer quoting that growth passes the number check", async () => {
  llm.queue.push(
    { kind: "stream", toolCalls: [{ name: "screen_games", arguments: { genre: "Action", days: 30 } }] },
    {
      kind: "stream",
      text: [
        "Path of Exile grew fastest: up 486% in February 2022 against January (SteamCharts). ",
        "Counter-Strike: Global Offensive grew 10%. ",
        "Lost Ark grew 350%.",
      ],
    },
  );
  const res = await request("/api/ai/chat", {
    method: "POST",
    cookie: premium.cookie,
    json: { message: "Which action games grew fastest?" },
  });
  expect(res.status).toBe(200);
  const events = await chatEvents(res);
  const answer = (events.at(-1) as Extract<ChatEvent, { type: "done" }>).message as ChatMessage;
  expect(answer.content).toBe(
    "Path of Exile grew fastest: up 486% in February 2022 against January (SteamCharts). Counter-Strike: Global Offensive grew 10%.",
  );
  expect(answer.numberCheck?.dropped).toEqual([
    { field: "answer", sentence: "Lost Ark grew 350%.", unknown: ["350%"] },
  ]);
  expect(answer.citations.map((c) => c.name)).toContain("Path of Exile");
});

describe("no growth to compare", () => {
  test("a game with a single month has no growth and is listed last", async () => {
    const {
      ids: [single],
    } = await upsertGames([{ name: "One Month Wonder", genres: ["Action"] }], "test");
    await recordMetrics(months(single!, [0, 0, 5000]).slice(2));
    const tools = analystTools(newLedger());
    const ctx = { toolCallId: "t", messages: [], context: {} };
    const screened = (await tools.screen_games.execute!({ genre: "Action" }, ctx)) as Screened;
    expect(screened.games.at(-1)).toMatchObject({
      name: "One Month Wonder",
      growthPct: null,
      growthPeriod: null,
    });
  });
});
