import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { env } from "../../src/server/env.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Issue 8 §1: while another process writes (an import, a lock-holding writer), every write the API
 * acknowledged with 2xx is in the database afterwards, and none is answered 500 — a lock that outlasts
 * the wait is a 503 with Retry-After. The pass does not depend on how much the writers overlap: with
 * little contention the checks hold trivially, with much they are what catches a lost write.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURE = "tests/fixtures/concurrency/steam-store-300.csv";

let user: TestUser;
let gameIds: string[];

beforeAll(async () => {
  user = await createTestUser();
  ({ ids: gameIds } = await upsertGames(
    Array.from({ length: 200 }, (_, i) => ({
      name: `Concurrency Game ${i}`,
      genres: ["Indie"],
      platforms: ["PC"],
    })),
    "test",
  ));
});

function runChild(args: string[]): { done: Promise<{ code: number | null; out: string }> } {
  const child = spawn("bun", args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: env().DATABASE_URL, LOG_LEVEL: "error", DEMO_DATA: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  return { done: new Promise((resolve) => child.on("close", (code) => resolve({ code, out }))) };
}

async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

test("writes answered 2xx during a concurrent import all exist; none is answered 500", async () => {
  const url = env().DATABASE_URL;
  const importer = runChild(["scripts/import.ts", "steam-store-csv", FIXTURE]);
  const writer = runChild(["tests/helpers/lock-writer.ts", url, "60", "25"]);
  let finished = false;
  const children = Promise.all([importer.done, writer.done]).finally(() => {
    finished = true;
  });

  const acknowledgedReports: string[] = [];
  const acknowledgedTracks: string[] = [];
  const statuses: number[] = [];
  let next = 0;
  // Waves of concurrent requests (so the server's pool opens several connections), until both
  // other writers are done and at least a few waves ran.
  // Bounded by the games to track (50 waves) so a slow machine does not stretch the test.
  for (let wave = 0; (!finished || wave < 5) && next <= gameIds.length - 4; wave++) {
    const batch = await Promise.all([
      ...[0, 1, 2, 3].map(() => {
        const gameId = gameIds[next++]!;
        return request("/api/user/games", { method: "POST", cookie: user.cookie, json: { gameId } }).then(
          async (res) => ({ kind: "track" as const, res, body: await bodyOf(res), gameId }),
        );
      }),
      ...[0, 1, 2, 3].map(() =>
        request("/api/analytics/reports", {
          method: "POST",
          cookie: user.cookie,
          json: { reportType: "watchlist_summary" },
        }).then(async (res) => ({ kind: "report" as const, res, body: await bodyOf(res), gameId: "" })),
      ),
    ]);
    for (const { kind, res, body, gameId } of batch) {
      statuses.push(res.status);
      if (res.status === 503) expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      if (res.status >= 200 && res.status < 300) {
        if (kind === "report") acknowledgedReports.push((body as { id: string }).id);
        else acknowledgedTracks.push(gameId);
      }
    }
  }
  const [imported, wrote] = await children;
  expect(imported.code, imported.out).toBe(0);
  expect(wrote.code, wrote.out).toBe(0);

  expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
  expect(acknowledgedReports.length + acknowledgedTracks.length).toBeGreaterThan(0);

  const client = rawClient();
  const reports = await client.execute("SELECT id FROM reports");
  const present = new Set(reports.rows.map((r) => String(r.id)));
  expect(acknowledgedReports.filter((id) => !present.has(id))).toEqual([]);
  const tracked = await client.execute({
    sql: "SELECT game_id FROM user_games WHERE user_id = ?",
    args: [user.user.id],
  });
  const trackedIds = new Set(tracked.rows.map((r) => String(r.game_id)));
  expect(acknowledgedTracks.filter((id) => !trackedIds.has(id))).toEqual([]);
  // The import itself went through whole.
  const steam = await client.execute("SELECT count(*) AS n FROM games WHERE steam_app_id IS NOT NULL");
  expect(Number(steam.rows[0]!.n)).toBe(300);
}, 120_000);
