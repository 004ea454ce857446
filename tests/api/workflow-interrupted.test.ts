import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { db } from "../../src/server/db/client.ts";
import { workflowExecutions } from "../../src/server/db/schema/index.ts";
import {
  closeInterruptedRuns,
  INTERRUPTED_ERROR,
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
  expect(rows.get("no-step")).toMatchObject({ status: "failed", error: INTERRUPTED_ERROR });
  expect(rows.get("no-step")!.completedAt!.getTime()).toBe(startedAt.getTime());
  // A finished run is left as it was.
  expect(rows.get("finished")).toMatchObject({ status: "completed", error: null });
  expect(INTERRUPTED_ERROR).toBe("interrupted: the server stopped during the run");

  // The average run: (60 s + 0 s + 90 s) / 3, no three hours of downtime in it.
  const status = await workflowStatus(new Date(now));
  expect(status.last24h.averageDurationMs).toBe(50_000);

  // A second start finds nothing left to close.
  expect(await closeInterruptedRuns()).toBe(0);
  const [again] = await db().select().from(workflowExecutions).where(eq(workflowExecutions.id, "no-step"));
  expect(again!.completedAt!.getTime()).toBe(startedAt.getTime());
});
