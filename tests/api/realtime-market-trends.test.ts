import { beforeAll, expect, test } from "vitest";
import { getMarketTrends } from "../../src/server/catalog/market.ts";
import { type MetricPoint, recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, type TestUser } from "../helpers/api.ts";
import { connectAs, eventually, socketServerForFile } from "../helpers/socket-server.ts";

/**
 * market_trends answers a new subscriber with the trends of the moment, like analytics_stats, instead
 * of nothing until the analysis workflow has run (and published) once. Nothing is published here.
 */
const sockets = socketServerForFile();
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
let premium: TestUser;

beforeAll(async () => {
  premium = await createTestUser({ role: "premium" });
});

async function subscribeAndWait(): Promise<Array<Record<string, unknown>>> {
  const c = connectAs(sockets.host, premium.cookie);
  await c.opened;
  try {
    c.ws.send(JSON.stringify({ type: "subscribe", channels: ["market_trends"] }));
    await eventually(() => c.messages.some((m) => m.type === "channel_update"));
    const types = c.messages.map((m) => m.type);
    expect(types).toEqual(["connection", "subscription_confirmed", "channel_update"]);
    return c.messages;
  } finally {
    c.ws.close();
  }
}

test("with no player series yet, a subscriber gets the empty list at once", async () => {
  const messages = await subscribeAndWait();
  expect(messages.at(-1)).toMatchObject({ type: "channel_update", channel: "market_trends", data: [] });
});

test("a subscriber gets the genres' volatility computed from the series, without a workflow run", async () => {
  const { ids } = await upsertGames(
    Array.from({ length: 3 }, (_, i) => ({ name: `Swing Game ${i}`, genres: ["Swinging"] })),
    "test",
  );
  const points: MetricPoint[] = [];
  for (const id of ids)
    for (let w = 0; w < 8; w++)
      points.push({
        gameId: id,
        metric: "players",
        ts: new Date(END - (7 - w) * 7 * DAY),
        value: w % 2 ? 1200 : 1000,
        period: "day",
        source: "test",
      });
  await recordMetrics(points);

  const update = (await subscribeAndWait()).at(-1)!;
  const expected = await getMarketTrends();
  expect(expected.map((t) => t.category)).toContain("Swinging");
  expect(update.data).toEqual(expected);
});
