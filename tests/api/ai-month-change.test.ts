import { beforeAll, expect, test } from "vitest";
import { analystTools, newLedger } from "../../src/server/ai/tools.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { chatAnswer } from "../helpers/chat-stream.ts";

/**
 * A month-on-month change is worked out from the months' own averages, never from the whole players
 * the screens show (review r33/b #1): SteamCharts' TOGETHER BnB averaged 515.28 players in Feb 2022
 * and 9.1 in Jan 2022, +5562.4% as Overview → Trending and GET /api/games/trending give it. From
 * 515 and 9 it read +5622.2% in Game Analysis, the chat's statistics answer and the model's facts.
 */
const MONTH = (m: number) => new Date(Date.UTC(2022, m - 1, 1));
let premium: TestUser;
let gameId: string;

beforeAll(async () => {
  const { ids } = await upsertGames(
    [{ name: "Rounding BnB", steamAppId: 1_239_020, genres: ["Simulation"] }],
    "steamspy-csv",
  );
  gameId = ids[0]!;
  await recordMetrics([
    { gameId, metric: "players", period: "month", ts: MONTH(1), value: 9.1, source: "steamcharts-csv" },
    { gameId, metric: "players", period: "month", ts: MONTH(2), value: 515.28, source: "steamcharts-csv" },
  ]);
  premium = await createTestUser({ role: "premium" });
  await request("/api/user/games", { method: "POST", cookie: premium.cookie, json: { gameId } });
});

test("trending gives the change from the raw monthly averages", async () => {
  const res = await request("/api/games/trending", { cookie: premium.cookie });
  expect(res.status).toBe(200);
  const body = await res.json();
  const list: Array<{ gameId?: string; id?: string; growth: number }> = Array.isArray(body)
    ? body
    : (body.games ?? body.data ?? body.items);
  const row = list.find((t) => (t.gameId ?? t.id) === gameId);
  expect(row).toBeDefined();
  expect(Math.round(row!.growth * 1000) / 10).toBe(5562.4);
});

test("game analysis states the month's change from the raw averages, the players as whole players", async () => {
  const res = await request("/api/ai/analyze-games", { method: "POST", cookie: premium.cookie });
  expect(res.status).toBe(200);
  const item = (await res.json()).analysis.find((a: { gameId: string }) => a.gameId === gameId);
  expect(item.marketPrediction.reasoning).toContain(
    "Its monthly average was 515 players in 2022-02, +5562.4% on the month before.",
  );
  expect(JSON.stringify(item)).not.toContain("5622.2");
});

test("the facts the model and the chat read carry the change from the raw averages", async () => {
  const tools = analystTools(newLedger());
  const ctx = { toolCallId: "t", messages: [], context: {} };
  const sheet = (await tools.game_facts.execute!({ gameId }, ctx)) as {
    monthlyPlayers: {
      averagePlayers: number;
      previousMonthAveragePlayers: number | null;
      monthOnMonthChangePct: number | null;
    } | null;
  };
  expect(sheet.monthlyPlayers).toMatchObject({
    averagePlayers: 515,
    previousMonthAveragePlayers: 9,
    monthOnMonthChangePct: 5562.4,
  });
});

test("the chat's statistics answer quotes the same change", async () => {
  const answer = await chatAnswer("How is Rounding BnB doing?", premium.cookie);
  expect(answer.content).toContain(
    "Rounding BnB: 515 average players in Feb 2022 (monthly average, partial month), +5562.4% on the month before (SteamCharts · Feb 2022).",
  );
  expect(answer.content).not.toContain("5622.2");
});
