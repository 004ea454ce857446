import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "../../src/server/db/client.ts";
import { workflowExecutions } from "../../src/server/db/schema/index.ts";
import { log } from "../../src/server/log.ts";
import { WORKFLOWS, workflowById } from "../../src/server/workflows/definitions.ts";
import {
  closeInterruptedRuns,
  executeWorkflow,
  INTERRUPTED_ERROR,
  INTERRUPTED_STEP_DETAIL,
  RUN_EXPIRY_MS,
  runDueWorkflows,
  setWorkflowActive,
  startRunSweep,
  waitForRuns,
} from "../../src/server/workflows/runner.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Two server processes on one database file (a restart while the old one still runs, or a second
 * instance): a start closed every `running` run as interrupted, also the run a live process was
 * running, which then wrote its steps and its end over the closed row; and the other process could
 * start the same workflow again beside it. A run now names its runner (machine and pid); only runs
 * whose runner is known ended, or not seen for RUN_EXPIRY_MS, are closed, at the start and by a
 * periodic sweep; a run writes only while its row is still running; and a workflow a live process
 * runs is not started again.
 */
const host = hostname().replace(/[^A-Za-z0-9-]/g, "-");
const deadPid = () => spawnSync("true").pid!;
let child: ChildProcess;
let admin: TestUser;

beforeAll(async () => {
  // Another live process of this machine: the "other server".
  child = spawn("sleep", ["120"], { stdio: "ignore" });
  admin = await createTestUser({ role: "admin" });
});
afterAll(async () => {
  child.kill("SIGKILL");
  await waitForRuns();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db().delete(workflowExecutions);
});

const HEALTH = "comprehensive-health-monitoring";

async function runningRow(
  id: string,
  fields: {
    runner?: { host: string; pid: number } | null;
    startedAt?: Date;
    lastSeenAt?: Date | null;
    workflowId?: string;
  } = {},
) {
  const definition = workflowById(fields.workflowId ?? HEALTH)!;
  await db()
    .insert(workflowExecutions)
    .values({
      id,
      workflowId: definition.id,
      status: "running",
      currentStep: 0,
      totalSteps: definition.steps.length,
      steps: [],
      trigger: "schedule",
      startedAt: fields.startedAt ?? new Date(Date.now() - 10_000),
      lastSeenAt: fields.lastSeenAt === undefined ? new Date(Date.now() - 2_000) : fields.lastSeenAt,
      runner: fields.runner ?? null,
    });
}
const statusOf = async (id: string) =>
  (await db().select().from(workflowExecutions).where(eq(workflowExecutions.id, id)))[0]!;

describe("a start closes only the runs no live process runs", () => {
  test("a live process's run is left running; an ended or unseen runner's run is closed", async () => {
    const stale = new Date(Date.now() - RUN_EXPIRY_MS - 30_000);
    // Left running: a live process of this machine, another machine's process seen 2 s ago, and an
    // old row (no runner) seen 2 s ago.
    await runningRow("live-here", { runner: { host, pid: child.pid! } });
    await runningRow("other-machine-seen", { runner: { host: "another-machine", pid: 4242 } });
    await runningRow("no-runner-seen");
    // Closed: an ended process of this machine (at once), this pid before a restart, any runner not
    // seen for the expiry, an old row not seen for it.
    await runningRow("ended-here", { runner: { host, pid: deadPid() } });
    await runningRow("this-pid-before-restart", { runner: { host, pid: process.pid } });
    await runningRow("other-machine-unseen", {
      runner: { host: "another-machine", pid: 4242 },
      startedAt: stale,
      lastSeenAt: stale,
    });
    await runningRow("live-here-unseen", {
      runner: { host, pid: child.pid! },
      startedAt: stale,
      lastSeenAt: stale,
    });
    await runningRow("no-runner-never-seen", { startedAt: stale, lastSeenAt: null });

    expect(await closeInterruptedRuns()).toBe(5);
    for (const id of ["live-here", "other-machine-seen", "no-runner-seen"]) {
      expect(await statusOf(id)).toMatchObject({ status: "running", error: null, completedAt: null });
    }
    for (const id of [
      "ended-here",
      "this-pid-before-restart",
      "other-machine-unseen",
      "live-here-unseen",
      "no-runner-never-seen",
    ]) {
      const row = await statusOf(id);
      expect(row).toMatchObject({ status: "failed", error: INTERRUPTED_ERROR, currentStep: 1 });
      expect(row.steps[0]).toMatchObject({ detail: INTERRUPTED_STEP_DETAIL });
    }
    // Closed as before: it ends when it was last seen running.
    expect((await statusOf("ended-here")).completedAt).not.toBeNull();
    expect((await statusOf("no-runner-never-seen")).completedAt).toBeNull();
  });

  test("a run left alone is closed by the sweep once its process has ended", async () => {
    const other = spawn("sleep", ["120"], { stdio: "ignore" });
    await runningRow("other-server", { runner: { host, pid: other.pid! } });
    const stop = startRunSweep(50);
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect((await statusOf("other-server")).status).toBe("running");
      other.kill("SIGKILL");
      await new Promise((r) => other.once("exit", r));
      await vi.waitFor(async () => expect((await statusOf("other-server")).status).toBe("failed"), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      stop();
    }
    expect(await statusOf("other-server")).toMatchObject({ error: INTERRUPTED_ERROR });
  });
});

describe("a run writes only while its row is still running", () => {
  test("a run another process closed as interrupted stays so: its steps and its end are not written", async () => {
    const definition = workflowById(HEALTH)!;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let arrived!: () => void;
    const asked = new Promise<void>((r) => {
      arrived = r;
    });
    vi.spyOn(definition.steps[0]!, "run").mockImplementation(async () => {
      arrived();
      await gate;
      return { status: "completed", detail: "held" };
    });
    const second = vi.spyOn(definition.steps[1]!, "run");
    const warn = vi.spyOn(log, "warn");
    const { execution, done } = await executeWorkflow(HEALTH, { trigger: "manual" });
    const closedSteps = [
      {
        name: definition.steps[0]!.name,
        status: "failed" as const,
        detail: INTERRUPTED_STEP_DETAIL,
        durationMs: null,
      },
    ];
    try {
      await asked;
      expect((await statusOf(execution.id)).runner).toEqual({ host, pid: process.pid });
      // Its own process never takes it for stopped, however long its step takes.
      expect(await closeInterruptedRuns({ now: Date.now() + 10 * RUN_EXPIRY_MS })).toBe(0);
      // Another process closes it (it thought this one had stopped).
      await db()
        .update(workflowExecutions)
        .set({
          status: "failed",
          error: INTERRUPTED_ERROR,
          currentStep: 1,
          steps: closedSteps,
          completedAt: null,
        })
        .where(eq(workflowExecutions.id, execution.id));
    } finally {
      release();
      await done;
    }
    expect(await statusOf(execution.id)).toMatchObject({
      status: "failed",
      error: INTERRUPTED_ERROR,
      currentStep: 1,
      steps: closedSteps,
      completedAt: null,
    });
    // Its other steps were not run, and the log says why.
    expect(second).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("closed by another process"),
      expect.objectContaining({ executionId: execution.id }),
    );
  });
});

describe("one run of a workflow across processes", () => {
  test("Execute and the schedule do not start a workflow a live process is running; once it has ended they do", async () => {
    const other = spawn("sleep", ["120"], { stdio: "ignore" });
    await runningRow("other-server", { runner: { host, pid: other.pid! } });

    const again = await request(`/api/workflows/${HEALTH}/execute`, { method: "POST", cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toBe("Comprehensive Health Monitoring is already running");
    // The schedule skips it as it does a run of its own (the others paused: they would go online).
    for (const w of WORKFLOWS) if (w.id !== HEALTH) await setWorkflowActive(w.id, false, null);
    try {
      expect(await runDueWorkflows(Date.now() + 3600_000)).toEqual([]);
      expect((await db().select().from(workflowExecutions)).map((r) => r.id)).toEqual(["other-server"]);

      other.kill("SIGKILL");
      await new Promise((r) => other.once("exit", r));
      // Its process has ended: its run is closed, and a new one starts.
      expect(await runDueWorkflows(Date.now() + 3600_000)).toEqual([HEALTH]);
      await waitForRuns();
      expect((await statusOf("other-server")).status).toBe("failed");
      const rows = await db().select().from(workflowExecutions);
      expect(rows.filter((r) => r.status === "completed")).toHaveLength(1);
      const started = await request(`/api/workflows/${HEALTH}/execute`, {
        method: "POST",
        cookie: admin.cookie,
      });
      expect(started.status).toBe(202);
      await waitForRuns();
    } finally {
      for (const w of WORKFLOWS) if (w.id !== HEALTH) await setWorkflowActive(w.id, true, null);
    }
  });
});

describe("the status counts every process's runs", () => {
  test("a run another live process is running counts as running on this server's Workflows screen", async () => {
    const other = spawn("sleep", ["120"], { stdio: "ignore" });
    try {
      await runningRow("other-server", { runner: { host, pid: other.pid! } });
      // Started more than a day ago and still running: still counted (the 24-hour figures are runs started in them).
      await runningRow("long-run", {
        runner: { host, pid: other.pid! },
        workflowId: "historical-data-integration",
        startedAt: new Date(Date.now() - 25 * 3600_000),
      });
      const res = await request("/api/workflows/status", { cookie: admin.cookie });
      expect(res.status).toBe(200);
      expect((await res.json()).running).toBe(2);
    } finally {
      other.kill("SIGKILL");
    }
  });
});
