import { beforeAll, expect, test } from "vitest";
import { getTrendingSnapshot, startTrendingFollow } from "../../src/server/catalog/trending.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { openClient } from "../../src/server/db/client.ts";
import { createTestUser, type TestUser } from "../helpers/api.ts";
import { connectAs, eventually, socketServerForFile } from "../helpers/socket-server.ts";

/**
 * Review r33-c #2: a catalog change another process commits (`bun run import`) reached live screens'
 * `trending_games` only once some client read GET /api/games/trending: the recompute was lazy, and the
 * in-process change signal never fires for another process's writes. The server follows the database's
 * commits while anyone is subscribed, and publishes the list when it moved.
 */
const sockets = socketServerForFile();
const DAY = 86_400_000;
const END = Date.UTC(2026, 10, 20);
let member: TestUser;
let lateRiser: string;

const updates = (messages: Array<Record<string, unknown>>) =>
  messages.filter((m) => m.type === "channel_update" && m.channel === "trending_games");
const names = (message: Record<string, unknown> | undefined) =>
  ((message?.data as { games?: Array<{ gameName: string }> } | undefined)?.games ?? []).map(
    (g) => g.gameName,
  );

beforeAll(async () => {
  member = await createTestUser();
  const { ids } = await upsertGames(
    [
      { name: "Steady Climber", genres: ["Strategy"], platforms: ["PC"] },
      { name: "Late Riser", genres: ["Action"], platforms: ["PC"] },
    ],
    "test",
  );
  lateRiser = ids[1]!;
  await recordMetrics(
    Array.from({ length: 14 }, (_, i) => ({
      gameId: ids[0]!,
      metric: "players" as const,
      ts: new Date(END - (13 - i) * DAY),
      value: i < 7 ? 1000 : 1500,
      period: "day" as const,
      source: "test",
    })),
  );
  // What live screens were told last: the list before the other process's import.
  expect((await getTrendingSnapshot()).games.map((g) => g.gameName)).toEqual(["Steady Climber"]);
});

/** Another process's write (an import run by hand): no in-process catalog signal, only its commit. */
async function elsewhere(sql: string, args: Array<string | number>): Promise<void> {
  const other = openClient(process.env.DATABASE_URL!, undefined, 5000);
  try {
    await other.execute({ sql, args });
  } finally {
    other.close();
  }
}

test("a change another process commits is published on trending_games with no request coming in", async () => {
  const c = connectAs(sockets.host, member.cookie);
  await c.opened;
  const stop = startTrendingFollow(50);
  try {
    c.ws.send(JSON.stringify({ type: "subscribe", channels: ["trending_games"] }));
    await eventually(() => c.messages.some((m) => m.type === "subscription_confirmed"));
    // A new subscriber is told the list last published.
    await eventually(() => updates(c.messages).length === 1);
    expect(names(updates(c.messages)[0])).toEqual(["Steady Climber"]);
    // A commit that changes no game tells nothing.
    await elsewhere(
      "INSERT INTO system_settings (key, value, updated_at) VALUES ('maintenance', ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [JSON.stringify({ enabled: false, message: "" }), Date.now()],
    );
    await Bun.sleep(300);
    expect(updates(c.messages)).toHaveLength(1);

    // Two weeks of a game's players, written by the other process: it rose fivefold.
    const values = Array.from({ length: 14 }, (_, i) => [END - (13 - i) * DAY, i < 7 ? 1000 : 5000]);
    await elsewhere(
      `INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES ${values.map(() => "(?, 'players', ?, ?, 'day', 'test')").join(", ")}`,
      values.flatMap(([ts, value]) => [lateRiser, ts!, value!]),
    );
    await eventually(() => updates(c.messages).length === 2);
    expect(names(updates(c.messages)[1])).toEqual(["Late Riser", "Steady Climber"]);
  } finally {
    stop();
    c.ws.close();
  }
});
