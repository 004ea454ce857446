import { afterAll, beforeAll, expect, test } from "vitest";
import { rawClient } from "../../src/server/db/client.ts";
import { limiterFor, SERVICE_LIMITS } from "../../src/server/sources/http.ts";
import { liveBootstrapState, runLiveBootstrap } from "../../src/server/sync/bootstrap.ts";
import { setWorkflowRunOptions } from "../../src/server/workflows/runner.ts";
import { type Replay, startReplay } from "../fixtures/recorded/server.ts";
import { createTestUser, request } from "../helpers/api.ts";

/**
 * The first start's keyless live bootstrap (issue 9) against recorded answers served locally:
 * SteamSpy's top 100 and Steam's current players through the Multi-Platform Intelligence workflow,
 * then SteamSpy's `all` pages; offline it fails quietly and only admins can read why.
 */
let replay: Replay;
const PACED = ["steam", "steamspy-all"] as const;

beforeAll(async () => {
  // The pacing (1 `all` page a minute) is the limiters', tested with the HTTP layer; here it is lifted.
  for (const service of PACED) limiterFor(service).setRate(20);
  replay = await startReplay();
});
afterAll(async () => {
  setWorkflowRunOptions({});
  for (const service of PACED) limiterFor(service).setRate(SERVICE_LIMITS[service]);
  await replay.stop();
});

const count = async (sql: string) => Number((await rawClient().execute(sql)).rows[0]?.n ?? 0);

test("online: SteamSpy's top 100, Steam's current players, then the `all` pages; admins see its progress", async () => {
  setWorkflowRunOptions({ bases: replay.bases, steamGames: 2 });
  const state = await runLiveBootstrap({ bases: replay.bases, pages: 1 });
  expect(state).toMatchObject({ status: "done", pagesDone: 1, pagesTotal: 1, message: null });
  expect(state.records).toBeGreaterThan(0);
  expect(await count("SELECT count(*) AS n FROM game_metrics WHERE source = 'steamspy-api'")).toBeGreaterThan(
    0,
  );
  expect(
    await count("SELECT count(*) AS n FROM game_metrics WHERE source = 'steam-api' AND metric = 'players'"),
  ).toBeGreaterThan(0);
  const run = await rawClient().execute(
    "SELECT status, metadata FROM workflow_executions WHERE workflow_id = 'multi-platform-intelligence'",
  );
  expect(String(run.rows[0]?.metadata)).toContain("live bootstrap");

  const admin = await createTestUser({ role: "admin" });
  const regular = await createTestUser();
  const seen = await request("/api/data-sources/bootstrap", { cookie: admin.cookie });
  expect(seen.status).toBe(200);
  expect(await seen.json()).toMatchObject({ status: "done", pagesDone: 1 });
  expect((await request("/api/data-sources/bootstrap", { cookie: regular.cookie })).status).toBe(403);
});

test("offline: it fails quietly, keeps what is stored, and says why to admins only", async () => {
  const before = await count("SELECT count(*) AS n FROM games");
  // A port nothing listens on stands for a machine without internet.
  const nowhere = "http://127.0.0.1:9";
  const bases = { steamspy: nowhere, steamStore: nowhere, steamApi: nowhere, epic: nowhere, gog: nowhere };
  setWorkflowRunOptions({ bases, steamGames: 2 });
  const state = await runLiveBootstrap({ bases, pages: 1 });
  expect(state.status).toBe("failed");
  expect(state.message).toMatch(/Sync SteamSpy/);
  expect(state.pagesDone).toBe(0);
  expect(liveBootstrapState().status).toBe("failed");
  expect(await count("SELECT count(*) AS n FROM games")).toBe(before);
  const regular = await createTestUser();
  expect((await request("/api/data-sources/bootstrap", { cookie: regular.cookie })).status).toBe(403);
  // What customers read names no service and no failure.
  const sources = await (await request("/api/data-sources", { cookie: regular.cookie })).text();
  expect(sources).not.toMatch(/unreachable|failed|127\.0\.0\.1/);
});
