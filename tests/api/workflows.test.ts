import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WORKFLOW_IDS } from "../../src/contracts/workflows.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { attachServer, detachServer } from "../../src/server/realtime/hub.ts";
import { limiterFor, SERVICE_LIMITS } from "../../src/server/sources/http.ts";
import { runDueWorkflows, setWorkflowRunOptions, waitForRuns } from "../../src/server/workflows/runner.ts";
import { type Replay, startReplay } from "../fixtures/recorded/server.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * The data workflows (spec §2 "Workflows"): admin-only API, runs by hand and on schedule, each run
 * recorded with its steps. Sync steps fetch from recorded answers served locally.
 */
let replay: Replay;
let admin: TestUser;
let regular: TestUser;
let premium: TestUser;

beforeAll(async () => {
  limiterFor("steam").setRate(20);
  replay = await startReplay();
  setWorkflowRunOptions({ bases: replay.bases, steamGames: 2 });
  admin = await createTestUser({ role: "admin" });
  regular = await createTestUser();
  premium = await createTestUser({ role: "premium" });
});
afterAll(async () => {
  await waitForRuns();
  setWorkflowRunOptions({});
  limiterFor("steam").setRate(SERVICE_LIMITS.steam);
  await replay.stop();
});

const get = async (path: string, user = admin) => (await request(path, { cookie: user.cookie })).json();
const post = (path: string, user = admin, json?: unknown) =>
  request(path, { method: "POST", cookie: user.cookie, ...(json === undefined ? {} : { json }) });

describe("permissions", () => {
  const routes: Array<[string, string]> = [
    ["GET", "/api/workflows"],
    ["GET", "/api/workflows/executions"],
    ["GET", "/api/workflows/status"],
    ["POST", "/api/workflows/comprehensive-health-monitoring/execute"],
    ["POST", "/api/workflows/comprehensive-health-monitoring/pause"],
    ["POST", "/api/workflows/comprehensive-health-monitoring/resume"],
  ];
  test.each(routes)("%s %s: 401 anonymous, 403 regular and premium", async (method, path) => {
    expect((await request(path, { method })).status).toBe(401);
    expect((await request(path, { method, cookie: regular.cookie })).status).toBe(403);
    expect((await request(path, { method, cookie: premium.cookie })).status).toBe(403);
  });
});

describe("workflows", () => {
  test("the four pipelines with their ids, schedules and steps, active until paused", async () => {
    const list = await get("/api/workflows");
    expect(list.map((w: { id: string }) => w.id)).toEqual([...WORKFLOW_IDS]);
    expect(list.map((w: { schedule: string }) => w.schedule)).toEqual([
      "every 15 minutes",
      "every 4 hours",
      "every 12 hours",
      "every 5 minutes",
    ]);
    for (const w of list) {
      expect(w.active).toBe(true);
      expect(w.steps.length).toBeGreaterThan(0);
      expect(w.trigger).toBe("schedule");
    }
  });

  test("pause and resume: the state is stored; unknown ids are 404", async () => {
    const paused = await (await post("/api/workflows/advanced-ai-intelligence/pause")).json();
    expect(paused.active).toBe(false);
    const list = await get("/api/workflows");
    expect(list.find((w: { id: string }) => w.id === "advanced-ai-intelligence").active).toBe(false);
    expect((await get("/api/workflows/status")).active).toBe(3);
    const resumed = await (await post("/api/workflows/advanced-ai-intelligence/resume")).json();
    expect(resumed.active).toBe(true);
    expect((await post("/api/workflows/no-such-flow/pause")).status).toBe(404);
    expect((await post("/api/workflows/no-such-flow/execute")).status).toBe(404);
  });
});

describe("executions", () => {
  test("a manual run answers 202 at once, records each step, and keeps the metadata", async () => {
    const res = await post("/api/workflows/comprehensive-health-monitoring/execute", admin, {
      reason: "check",
    });
    expect(res.status).toBe(202);
    const started = await res.json();
    expect(started).toMatchObject({ status: "running", trigger: "manual", totalSteps: 4 });
    await waitForRuns();

    const executions = await get("/api/workflows/executions");
    const run = executions.find((e: { id: string }) => e.id === started.id);
    expect(run.status).toBe("completed");
    expect(run.currentStep).toBe(4);
    expect(run.metadata).toEqual({ reason: "check" });
    expect(run.steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ["Check the database", "completed"],
      ["Check the catalog", "skipped"],
      ["Check the live sources", "skipped"],
      ["Check the realtime hub", "completed"],
    ]);
    expect(run.completedAt).not.toBeNull();
  });

  test("a sync workflow stores what the sources return; a failed source fails the run but not the others", async () => {
    // Epic answers 500 every time: its step fails, the Steam, SteamSpy and GOG steps still run.
    replay.override("/freeGamesPromotions", () => new Response("{}", { status: 500 }));
    try {
      const started = await (await post("/api/workflows/multi-platform-intelligence/execute")).json();
      // The syncs take seconds: a second Execute meanwhile is refused.
      const again = await post("/api/workflows/multi-platform-intelligence/execute");
      expect(again.status).toBe(409);
      expect((await again.json()).detail).toBe("Multi-Platform Intelligence is already running");
      await waitForRuns();
      const run = (await get("/api/workflows/executions")).find((e: { id: string }) => e.id === started.id);
      expect(run.status).toBe("failed");
      const steps = Object.fromEntries(
        run.steps.map((s: { name: string; status: string }) => [s.name, s.status]),
      );
      expect(steps).toEqual({
        "Sync SteamSpy": "completed",
        "Sync Steam": "completed",
        "Sync Epic Games Store": "failed",
        "Sync GOG": "completed",
        "Recompute trending games": "completed",
      });
      expect(run.error).toContain("Sync Epic Games Store");
      // Each step's start noted the run as still running: a server stop would end it there.
      const seen = await rawClient().execute({
        sql: "SELECT last_seen_at AS at, started_at AS started FROM workflow_executions WHERE id = ?",
        args: [started.id],
      });
      expect(Number(seen.rows[0]!.at)).toBeGreaterThan(Number(seen.rows[0]!.started));
      const games = await rawClient().execute(
        "SELECT count(*) AS n FROM games WHERE steam_app_id IS NOT NULL",
      );
      expect(Number(games.rows[0]!.n)).toBeGreaterThan(0);
    } finally {
      replay.override("/freeGamesPromotions", null);
    }
  }, 60_000);

  test("sources that need keys are skipped, not failed, when the keys are missing", async () => {
    const started = await (await post("/api/workflows/historical-data-integration/execute")).json();
    await waitForRuns();
    const run = (await get("/api/workflows/executions")).find((e: { id: string }) => e.id === started.id);
    const steps = Object.fromEntries(
      run.steps.map((s: { name: string; status: string; detail: string }) => [s.name, [s.status, s.detail]]),
    );
    expect(steps["Sync IGDB"]).toEqual([
      "skipped",
      "not configured: set IGDB_CLIENT_ID and IGDB_CLIENT_SECRET",
    ]);
    expect(steps["Sync Kaggle"][0]).toBe("skipped");
    expect(steps["Sync GitHub"][0]).toBe("completed");
  });

  test("bad metadata: 415 not JSON, 400 malformed, 422 not an object — and nothing runs", async () => {
    const before = (await get("/api/workflows/executions")).length;
    const path = "/api/workflows/comprehensive-health-monitoring/execute";
    const raw = (body: string, type: string) =>
      request(path, { method: "POST", cookie: admin.cookie, body, headers: { "content-type": type } });
    expect((await raw("hello", "text/plain")).status).toBe(415);
    expect((await raw("{bad", "application/json")).status).toBe(400);
    const notObject = await raw("[1,2]", "application/json");
    expect(notObject.status).toBe(422);
    expect(notObject.headers.get("content-type")).toContain("application/problem+json");
    expect((await get("/api/workflows/executions")).length).toBe(before);
  });

  test("the executions limit is checked", async () => {
    const res = await request("/api/workflows/executions?limit=0", { cookie: admin.cookie });
    expect(res.status).toBe(422);
    expect((await res.json()).errors[0].field).toBe("limit");
    expect(await get("/api/workflows/executions?limit=1")).toHaveLength(1);
  });

  test("status counts the last 24 hours", async () => {
    const status = await get("/api/workflows/status");
    expect(status.total).toBe(4);
    expect(status.running).toBe(0);
    expect(status.last24h.executions).toBeGreaterThanOrEqual(3);
    expect(status.last24h.failed).toBeGreaterThanOrEqual(1);
    expect(status.successRate).toBeGreaterThan(0);
    expect(status.successRate).toBeLessThan(100);
    expect(status.last24h.completed + status.last24h.failed).toBeLessThanOrEqual(status.last24h.executions);
    expect(status.last24h.averageDurationMs).toBeGreaterThan(0);
    expect(status.successRate).toBe(
      Math.round((status.last24h.completed / (status.last24h.completed + status.last24h.failed)) * 1000) / 10,
    );
  });
});

describe("the schedule", () => {
  test("runs active workflows whose interval has passed, skips paused ones, and not again too soon", async () => {
    await post("/api/workflows/multi-platform-intelligence/pause");
    await post("/api/workflows/historical-data-integration/pause");
    // Health monitoring and the multi-platform flow ran above; advanced AI never has.
    const now = Date.now();
    const first = await runDueWorkflows(now);
    expect(first).toEqual(["advanced-ai-intelligence"]);
    await waitForRuns();
    expect(await runDueWorkflows(now + 60_000)).toEqual([]);
    // Five minutes on, health monitoring is due again.
    expect(await runDueWorkflows(now + 5 * 60_000 + 1000)).toEqual(["comprehensive-health-monitoring"]);
    await waitForRuns();
    const runs = await get("/api/workflows/executions");
    expect(runs[0].trigger).toBe("schedule");
    await post("/api/workflows/multi-platform-intelligence/resume");
    await post("/api/workflows/historical-data-integration/resume");
  });
});

describe("live updates", () => {
  test("the analysis workflow tells open screens: trending_games and market_trends", async () => {
    const topics: string[] = [];
    attachServer({
      publish: (topic: string) => {
        topics.push(topic);
        return 0;
      },
    } as never);
    try {
      await post("/api/workflows/advanced-ai-intelligence/execute");
      await waitForRuns();
    } finally {
      detachServer();
    }
    expect(topics.some((t) => t.includes("trending_games"))).toBe(true);
    expect(topics.some((t) => t.includes("market_trends"))).toBe(true);
  });
});
