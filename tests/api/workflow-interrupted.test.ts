import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "../../src/server/db/client.ts";
import { workflowExecutions } from "../../src/server/db/schema/index.ts";
import { workflowById } from "../../src/server/workflows/definitions.ts";
import {
  closeInterruptedRuns,
  INTERRUPTED_ERROR,
  INTERRUPTED_STEP_DETAIL,
  listExecutions,
  workflowStatus,
} from "../../src/server/workflows/runner.ts";

/**
 * A run a server stop left `running` (outside testers): the next start marks it failed, and it ends
 * when it was last known running — its last recorded step, or its start — not at the restart, so
 * the downtime counts neither in its duration nor in the average run.
 */
test("interrupted runs end at their last known running time, failed, with a clear error", async () => {
  const now = Date.now();
  const startedAt = new Date(now - 3 * 3600_000); // three hours before this restart
  const run = {
    workflowId: "multi-platform-intelligence",
    status: "running" as const,
    totalSteps: 3,
    trigger: "schedule" as const,
    startedAt,
  };
  await db()
    .insert(workflowExecutions)
    .values([
      {
        ...run,
        id: "with-steps",
        currentStep: 2,
        steps: [
          { name: "Steam", status: "completed", detail: "12 records stored", durationMs: 40_000 },
          { name: "GOG", status: "failed", detail: "GOG answered 503", durationMs: 20_000 },
        ],
      },
      { ...run, id: "no-step", currentStep: 0, steps: [] },
      {
        ...run,
        id: "finished",
        status: "completed",
        currentStep: 3,
        steps: [],
        completedAt: new Date(startedAt.getTime() + 90_000),
      },
    ]);

  expect(await closeInterruptedRuns()).toBe(2);
  const rows = new Map((await db().select().from(workflowExecutions)).map((r) => [r.id, r]));
  expect(rows.get("with-steps")).toMatchObject({ status: "failed", error: INTERRUPTED_ERROR });
  expect(rows.get("with-steps")!.completedAt!.getTime()).toBe(startedAt.getTime() + 60_000);
  // Never seen running after its start: when it ended is not known (review r29-b #5), not "at its start".
  expect(rows.get("no-step")).toMatchObject({
    status: "failed",
    error: INTERRUPTED_ERROR,
    completedAt: null,
  });
  // A finished run is left as it was.
  expect(rows.get("finished")).toMatchObject({ status: "completed", error: null });
  expect(INTERRUPTED_ERROR).toBe("interrupted: the server stopped during the run");

  // The average run: (60 s + 90 s) / 2, no three hours of downtime in it, and no made-up 0 s; the run of
  // unknown end still counts as failed.
  const status = await workflowStatus(new Date(now));
  expect(status.last24h.averageDurationMs).toBe(75_000);
  expect(status.last24h).toMatchObject({ executions: 3, completed: 1, failed: 2 });

  // A second start finds nothing left to close.
  expect(await closeInterruptedRuns()).toBe(0);
  const [again] = await db().select().from(workflowExecutions).where(eq(workflowExecutions.id, "no-step"));
  expect(again).toMatchObject({ status: "failed", completedAt: null });
});

test("a run killed before it was seen running: no end and no duration made up, as the API and the screen read it", async () => {
  const startedAt = new Date(Date.now() - 60_000);
  await db().insert(workflowExecutions).values({
    id: "killed-at-once",
    workflowId: "multi-platform-intelligence",
    status: "running",
    totalSteps: 3,
    trigger: "manual",
    startedAt,
    currentStep: 0,
    steps: [],
  });
  expect(await closeInterruptedRuns()).toBe(1);
  const execution = (await listExecutions()).find((e) => e.id === "killed-at-once")!;
  expect(execution).toMatchObject({
    status: "failed",
    error: INTERRUPTED_ERROR,
    completedAt: null,
    durationMs: null,
    currentStep: 1,
  });
  // Its first step was in progress: interrupted, for a time not known.
  expect(execution.steps).toEqual([
    {
      name: workflowById("multi-platform-intelligence")!.steps[0]!.name,
      status: "failed",
      detail: INTERRUPTED_STEP_DETAIL,
      durationMs: null,
    },
  ]);
});

test("a run seen running after its last recorded step ends at that heartbeat, its step in progress recorded as interrupted", async () => {
  const startedAt = new Date(Date.now() - 3600_000);
  await db()
    .insert(workflowExecutions)
    .values({
      id: "seen-later",
      workflowId: "multi-platform-intelligence",
      status: "running",
      totalSteps: 3,
      trigger: "manual",
      startedAt,
      currentStep: 1,
      steps: [
        { name: "Sync SteamSpy", status: "failed", detail: "steamspy: unreachable", durationMs: 3_000 },
      ],
      // Seen running 12 s into the run: 9 s into its second step, when the server was killed.
      lastSeenAt: new Date(startedAt.getTime() + 12_000),
    });
  expect(await closeInterruptedRuns()).toBe(1);
  const [row] = await db().select().from(workflowExecutions).where(eq(workflowExecutions.id, "seen-later"));
  expect(row).toMatchObject({ status: "failed", error: INTERRUPTED_ERROR, currentStep: 2 });
  expect(row!.completedAt!.getTime()).toBe(startedAt.getTime() + 12_000);
  expect(row!.steps).toHaveLength(2);
  expect(row!.steps[1]).toMatchObject({
    status: "failed",
    detail: INTERRUPTED_STEP_DETAIL,
    durationMs: 9_000,
  });
  // The step in progress is the workflow's own second step, by name.
  expect(row!.steps[1]!.name).toBe(workflowById("multi-platform-intelligence")!.steps[1]!.name);
});
