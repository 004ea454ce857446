import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type {
  ExecutionStep,
  Workflow,
  WorkflowExecution,
  WorkflowId,
  WorkflowStatus,
} from "../../contracts/workflows.ts";
import { db } from "../db/client.ts";
import { users, workflowExecutions, workflowStates } from "../db/schema/index.ts";
import { HttpProblem } from "../http/problem.ts";
import { log } from "../log.ts";
import { holderEnded, thisHost } from "../operations/process-alive.ts";
import type { SyncOptions } from "../sync/index.ts";
import { releaseRunLeases } from "../sync/lease.ts";
import { syncSchedules, WORKFLOWS, type WorkflowDefinition, workflowById } from "./definitions.ts";

/**
 * Runs the workflows of definitions.ts: by hand (an admin's Execute) or on their schedule. Every run
 * is a row in `workflow_executions`, updated after each step, so the screen shows progress. A step
 * that fails does not stop the others (one unreachable store must not keep the rest stale); the run
 * then ends `failed` naming what failed.
 *
 * Two server processes may share the database file (a restart while the old one still runs, a second
 * instance): a run names its runner (machine and pid), and only runs nothing runs any longer are
 * closed as interrupted, by another process too; a run writes only while its row is still `running`;
 * and a workflow a live process runs is not started again beside it (ADR 038).
 */

type ExecutionRow = typeof workflowExecutions.$inferSelect;

const running = new Map<WorkflowId, Promise<void>>();
/** The ids of the runs this process is running (their runner is this process while they are here). */
const ownRuns = new Set<string>();
let scheduling = false;

/** Sources' base URLs for runs (tests and benchmarks point them at a local server). */
let runOptions: SyncOptions = {};
export function setWorkflowRunOptions(options: SyncOptions): void {
  runOptions = options;
}

export class WorkflowRunningError extends HttpProblem {
  constructor(name: string) {
    super(409, `${name} is already running`, { title: "Conflict" });
  }
}

type Person = NonNullable<WorkflowExecution["triggeredBy"]>;

/** The accounts that started runs by hand, by id. */
async function starters(userIds: Array<string | null | undefined>): Promise<Map<string, Person>> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))];
  if (!ids.length) return new Map();
  const found = await db()
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    found.map((u) => [
      u.id,
      { id: u.id, email: u.email, name: [u.firstName, u.lastName].filter(Boolean).join(" ") || null },
    ]),
  );
}

function toExecution(row: ExecutionRow, people: Map<string, Person>, now = Date.now()): WorkflowExecution {
  const definition = workflowById(row.workflowId);
  return {
    id: row.id,
    workflowId: row.workflowId as WorkflowId,
    workflowName: definition?.name ?? row.workflowId,
    status: row.status,
    currentStep: row.currentStep,
    totalSteps: row.totalSteps,
    steps: row.steps,
    trigger: row.trigger,
    triggeredBy: (row.triggeredBy && people.get(row.triggeredBy)) || null,
    metadata: row.metadata ?? null,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    // A run that ended without a known end (interrupted before it was seen running) has no duration.
    durationMs:
      row.completedAt || row.status === "running"
        ? (row.completedAt?.getTime() ?? now) - row.startedAt.getTime()
        : null,
  };
}

/** The ids of the workflows an admin paused; every other workflow is active. */
async function pausedWorkflows(): Promise<Set<string>> {
  const rows = await db().select().from(workflowStates).where(eq(workflowStates.active, false));
  return new Set(rows.map((r) => r.workflowId));
}

async function lastRuns(): Promise<Map<string, ExecutionRow>> {
  // The newest run of each workflow.
  const rows = await db()
    .select()
    .from(workflowExecutions)
    .where(
      sql`${workflowExecutions.startedAt} = (SELECT max(e.started_at) FROM workflow_executions e WHERE e.workflow_id = ${workflowExecutions.workflowId})`,
    );
  return new Map(rows.map((r) => [r.workflowId, r]));
}

function nextRunAt(
  definition: WorkflowDefinition,
  active: boolean,
  last: ExecutionRow | undefined,
): Date | null {
  if (!scheduling || !active) return null;
  if (!last) return new Date();
  return new Date(Math.max(Date.now(), last.startedAt.getTime() + definition.intervalMs));
}

/** How often this server's schedule syncs each live source now (syncSchedules). */
export async function currentSyncSchedules() {
  return syncSchedules(scheduling, await pausedWorkflows());
}

export async function listWorkflows(): Promise<Workflow[]> {
  const [paused, last] = await Promise.all([pausedWorkflows(), lastRuns()]);
  return WORKFLOWS.map((w) => {
    const active = !paused.has(w.id);
    const run = last.get(w.id);
    return {
      id: w.id,
      name: w.name,
      description: w.description,
      active,
      trigger: "schedule",
      schedule: w.schedule,
      intervalMs: w.intervalMs,
      steps: w.steps.map(({ name, description }) => ({ name, description })),
      lastRun: run
        ? {
            id: run.id,
            status: run.status,
            startedAt: run.startedAt.toISOString(),
            completedAt: run.completedAt?.toISOString() ?? null,
          }
        : null,
      nextRunAt: nextRunAt(w, active, run)?.toISOString() ?? null,
    };
  });
}

export async function listExecutions(limit = 50): Promise<WorkflowExecution[]> {
  const rows = await db()
    .select()
    .from(workflowExecutions)
    .orderBy(desc(workflowExecutions.startedAt), desc(workflowExecutions.id))
    .limit(limit);
  const [people, now] = [await starters(rows.map((r) => r.triggeredBy)), Date.now()];
  return rows.map((r) => toExecution(r, people, now));
}

export async function workflowStatus(now = new Date()): Promise<WorkflowStatus> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  // Counted in the database: health monitoring alone runs about 300 times a day.
  // A run interrupted before it was seen running has no end, and counts as failed, not in the average.
  // Only a finished run has an end (`completedAt` is written with its final status), so the average needs no status test.
  const finished = sql`${workflowExecutions.status} != 'running'`;
  const [paused, [counts], [inProgress]] = await Promise.all([
    pausedWorkflows(),
    db()
      .select({
        executions: sql<number>`count(*)`,
        finished: sql<number>`coalesce(sum(${finished}), 0)`,
        completed: sql<number>`coalesce(sum(${workflowExecutions.status} = 'completed'), 0)`,
        averageDurationMs: sql<
          number | null
        >`avg(CASE WHEN ${workflowExecutions.completedAt} IS NOT NULL THEN ${workflowExecutions.completedAt} - ${workflowExecutions.startedAt} END)`,
      })
      .from(workflowExecutions)
      .where(gte(workflowExecutions.startedAt, since)),
    // Every process's runs (a second server's too), whenever they started (ADR 038).
    db()
      .select({ n: sql<number>`count(*)` })
      .from(workflowExecutions)
      .where(eq(workflowExecutions.status, "running")),
  ]);
  const done = Number(counts?.finished ?? 0);
  const completed = Number(counts?.completed ?? 0);
  const average = counts?.averageDurationMs;
  return {
    total: WORKFLOWS.length,
    active: WORKFLOWS.filter((w) => !paused.has(w.id)).length,
    running: Number(inProgress?.n ?? 0),
    scheduling,
    last24h: {
      executions: Number(counts?.executions ?? 0),
      completed,
      failed: done - completed,
      averageDurationMs: average == null ? null : Math.round(Number(average)),
    },
    successRate: done ? Math.round((completed / done) * 1000) / 10 : null,
  };
}

/** Pauses or resumes a workflow's schedule. */
export async function setWorkflowActive(
  id: string,
  active: boolean,
  userId: string | null,
): Promise<Workflow> {
  const definition = workflowById(id);
  if (!definition) throw new HttpProblem(404, `No workflow "${id}"`);
  const now = new Date();
  await db()
    .insert(workflowStates)
    .values({ workflowId: id, active, updatedAt: now, updatedBy: userId })
    .onConflictDoUpdate({
      target: workflowStates.workflowId,
      set: { active, updatedAt: now, updatedBy: userId },
    });
  log.info(active ? "workflow resumed" : "workflow paused", { workflowId: id, userId });
  return (await listWorkflows()).find((w) => w.id === id)!;
}

/** How often a running run notes that it is still running (`lastSeenAt`). */
const RUN_HEARTBEAT_MS = 5_000;

/** Notes that a run is still running; a busy database only delays the note to the next beat. */
async function seeRunning(executionId: string): Promise<void> {
  try {
    await db().update(workflowExecutions).set({ lastSeenAt: new Date() }).where(stillRunning(executionId));
  } catch (error) {
    log.warn("workflow heartbeat not recorded", { executionId, error: String(error) });
  }
}

async function runSteps(definition: WorkflowDefinition, executionId: string): Promise<void> {
  const heartbeat = setInterval(() => void seeRunning(executionId), RUN_HEARTBEAT_MS);
  try {
    await runStepsSeen(definition, executionId);
  } finally {
    clearInterval(heartbeat);
  }
}

/** A run's row while it is still `running`: once closed (by another process), it is not written again. */
function stillRunning(executionId: string) {
  return and(eq(workflowExecutions.id, executionId), eq(workflowExecutions.status, "running"));
}

async function runStepsSeen(definition: WorkflowDefinition, executionId: string): Promise<void> {
  const results: ExecutionStep[] = [];
  const failures: string[] = [];
  for (const step of definition.steps) {
    const started = performance.now();
    try {
      const outcome = await step.run({ ...runOptions, runId: executionId });
      results.push({ name: step.name, ...outcome, durationMs: Math.round(performance.now() - started) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(`${step.name}: ${message}`);
      results.push({
        name: step.name,
        status: "failed",
        detail: message,
        durationMs: Math.round(performance.now() - started),
      });
    }
    const recorded = await db()
      .update(workflowExecutions)
      .set({ currentStep: results.length, steps: results, lastSeenAt: new Date() })
      .where(stillRunning(executionId))
      .returning({ id: workflowExecutions.id });
    if (!recorded.length) {
      // Closed as interrupted by another process that took this one for stopped: what it recorded
      // stays, and the rest of the run is not done unseen.
      log.warn("workflow run closed by another process: its step is not recorded, its other steps not run", {
        workflowId: definition.id,
        executionId,
        step: step.name,
      });
      return;
    }
  }
  const ended = await db()
    .update(workflowExecutions)
    .set({
      status: failures.length ? "failed" : "completed",
      error: failures.length ? failures.join("; ") : null,
      completedAt: new Date(),
    })
    .where(stillRunning(executionId))
    .returning({ id: workflowExecutions.id });
  if (!ended.length) {
    log.warn("workflow run closed by another process: its end is not recorded", {
      workflowId: definition.id,
      executionId,
      status: failures.length ? "failed" : "completed",
    });
    return;
  }
  log.info("workflow finished", {
    workflowId: definition.id,
    executionId,
    status: failures.length ? "failed" : "completed",
  });
}

/**
 * Records a new run of this process, unless the workflow has a `running` run already (of another
 * process: this one's are refused before). One statement, so of two processes starting the same
 * workflow together only one records a run.
 */
async function insertRun(
  definition: WorkflowDefinition,
  run: { trigger: "schedule" | "manual"; userId?: string | null; metadata?: Record<string, unknown> | null },
): Promise<ExecutionRow | undefined> {
  const id = crypto.randomUUID();
  const runner: Runner = { host: thisHost(), pid: process.pid };
  const inserted = await db().all<{ id: string }>(sql`
    INSERT INTO workflow_executions
      (id, workflow_id, status, current_step, total_steps, steps, trigger, triggered_by, metadata, started_at, runner)
    SELECT ${id}, ${definition.id}, 'running', 0, ${definition.steps.length}, '[]', ${run.trigger},
      ${run.userId ?? null}, ${run.metadata ? JSON.stringify(run.metadata) : null}, ${Date.now()},
      ${JSON.stringify(runner)}
    WHERE NOT EXISTS (
      SELECT 1 FROM workflow_executions WHERE workflow_id = ${definition.id} AND status = 'running'
    )
    RETURNING id`);
  if (!inserted.length) return undefined;
  const [row] = await db().select().from(workflowExecutions).where(eq(workflowExecutions.id, id));
  return row;
}

/**
 * Starts a run and answers at once with its row; the steps go on in the background.
 * `done` settles when the run has ended (tests and the shell wait on it).
 */
export async function executeWorkflow(
  id: string,
  run: { trigger: "schedule" | "manual"; userId?: string | null; metadata?: Record<string, unknown> | null },
): Promise<{ execution: WorkflowExecution; done: Promise<void> }> {
  const definition = workflowById(id);
  if (!definition) throw new HttpProblem(404, `No workflow "${id}"`);
  if (running.has(definition.id)) throw new WorkflowRunningError(definition.name);
  const placeholder = Promise.resolve();
  running.set(definition.id, placeholder);
  try {
    const people = await starters([run.userId]);
    // Its runs that nothing runs any longer are closed first; a run of another live process is not.
    await closeInterruptedRuns({ workflowId: definition.id });
    const row = await insertRun(definition, run);
    // Another process runs it (or started it since): refused as a run of this process is.
    if (!row) throw new WorkflowRunningError(definition.name);
    ownRuns.add(row.id);
    const done = runSteps(definition, row.id)
      .catch((error) => log.error("workflow run failed to record", { workflowId: id, error: String(error) }))
      .finally(() => {
        running.delete(definition.id);
        ownRuns.delete(row.id);
      });
    running.set(definition.id, done);
    log.info("workflow started", { workflowId: id, executionId: row.id, trigger: run.trigger });
    return { execution: toExecution(row, people), done };
  } catch (error) {
    running.delete(definition.id);
    throw error;
  }
}

export const INTERRUPTED_ERROR = "interrupted: the server stopped during the run";

export const INTERRUPTED_STEP_DETAIL = "interrupted: the server stopped during this step";

/**
 * The last time a run left `running` was known to be running: the later of its last heartbeat
 * (`lastSeenAt`, every few seconds while it runs) and the end of its last recorded step (its start
 * plus the recorded steps' durations; just `startedAt` before any step ended).
 */
function lastKnownRunning(run: {
  startedAt: Date;
  steps: ExecutionStep[] | null;
  lastSeenAt?: Date | null;
}): Date {
  const spent = (run.steps ?? []).reduce((sum, step) => sum + Math.max(0, step.durationMs || 0), 0);
  const stepsEnd = run.startedAt.getTime() + spent;
  return new Date(Math.max(stepsEnd, run.lastSeenAt?.getTime() ?? 0));
}

type Runner = { host: string; pid: number };

/**
 * How long a run not seen running (`lastSeenAt`, or `startedAt` before its first note) is taken for
 * one whose process stopped, whatever its runner: as a sync lease's expiry, a dozen heartbeats.
 */
export const RUN_EXPIRY_MS = 60_000;

/**
 * Whether nothing runs a `running` run any longer: its runner is known to have ended (a process of
 * this machine that no longer exists, or this pid before a restart: `holderEnded`), or it was not seen
 * running for RUN_EXPIRY_MS (another machine's process, a run recorded before runners were kept, or a
 * pid reused since). A run of this process is never abandoned; another live process's run seen within
 * the expiry is left to it.
 */
function abandoned(
  row: { id: string; runner: Runner | null; startedAt: Date; lastSeenAt: Date | null },
  now: number,
): boolean {
  const here = ownRuns.has(row.id);
  const runner = row.runner;
  if (runner && typeof runner.host === "string" && typeof runner.pid === "number") {
    if (holderEnded(runner, here)) return true;
  }
  if (here) return false;
  return (row.lastSeenAt ?? row.startedAt).getTime() < now - RUN_EXPIRY_MS;
}

/**
 * Runs left `running` by a stopped process are marked failed: nothing will finish them. Each ends
 * when it was last known running, not at this restart, so the downtime is not counted as its
 * duration (nor in the workflow's average run); the step that was in progress is recorded as
 * interrupted, with the time it was seen running. A run never seen running after its start (killed
 * within its first heartbeat) has no known end: `completedAt` stays null, rather than its start with
 * a duration of 0 (review r29-b #5); and a step in progress not seen running since it started has
 * no known duration (null). The run's `error` says why.
 *
 * Only abandoned runs (above) are closed: a run another live process is running is left to it (ADR
 * 038). The server calls this at its start and every RUN_SWEEP_MS (`startRunSweep`), and a start of a
 * workflow for that workflow's runs (`workflowId`). Answers how many runs it closed.
 */
export async function closeInterruptedRuns(
  options: { workflowId?: string; now?: number } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  const candidates = await db()
    .select({
      id: workflowExecutions.id,
      workflowId: workflowExecutions.workflowId,
      startedAt: workflowExecutions.startedAt,
      steps: workflowExecutions.steps,
      totalSteps: workflowExecutions.totalSteps,
      lastSeenAt: workflowExecutions.lastSeenAt,
      runner: workflowExecutions.runner,
    })
    .from(workflowExecutions)
    .where(
      and(
        eq(workflowExecutions.status, "running"),
        options.workflowId ? eq(workflowExecutions.workflowId, options.workflowId) : undefined,
      ),
    );
  const rows = candidates.filter((row) => abandoned(row, now));
  const closed: string[] = [];
  for (const row of rows) {
    const steps = [...(row.steps ?? [])];
    const end = lastKnownRunning(row);
    const recordedEnd = lastKnownRunning({ startedAt: row.startedAt, steps });
    const inProgress = workflowById(row.workflowId)?.steps[steps.length];
    if (inProgress && steps.length < row.totalSteps) {
      const seen = end.getTime() - recordedEnd.getTime();
      steps.push({
        name: inProgress.name,
        status: "failed",
        detail: INTERRUPTED_STEP_DETAIL,
        durationMs: seen > 0 ? seen : null,
      });
    }
    const completedAt = end.getTime() > row.startedAt.getTime() ? end : null;
    // Only as read: a run seen running since (a heartbeat, a step) or ended meanwhile is left alone.
    const done = await db()
      .update(workflowExecutions)
      .set({ status: "failed", error: INTERRUPTED_ERROR, completedAt, currentStep: steps.length, steps })
      .where(
        and(
          stillRunning(row.id),
          sql`${workflowExecutions.lastSeenAt} IS ${row.lastSeenAt?.getTime() ?? null}`,
        ),
      )
      .returning({ id: workflowExecutions.id });
    if (done.length) closed.push(row.id);
  }
  // Their syncs' leases would refuse the next run of those sources as "already running in another
  // process" until they expire (review r29-b #5).
  const released = await releaseRunLeases(closed);
  if (released.length) log.info("sync leases of interrupted runs released", { sources: released });
  return closed.length;
}

/** How often a server looks for runs whose process stopped since its start (`startRunSweep`). */
export const RUN_SWEEP_MS = 30_000;

/**
 * Closes, every `intervalMs`, the runs whose process has stopped since (a run another live process
 * was running at this server's start is left to it then). Runs with the scheduler off too: a server
 * that only serves still shows the runs. Returns a stop function.
 */
export function startRunSweep(intervalMs = RUN_SWEEP_MS): () => void {
  let sweeping = false;
  const timer = setInterval(async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const closed = await closeInterruptedRuns();
      if (closed) log.warn("workflow runs whose process stopped marked failed", { runs: closed });
    } catch (error) {
      log.error("workflow run sweep failed", { error: String(error) });
    } finally {
      sweeping = false;
    }
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** Starts every active workflow whose interval has passed since its last run. */
export async function runDueWorkflows(now = Date.now()): Promise<WorkflowId[]> {
  const [paused, last] = await Promise.all([pausedWorkflows(), lastRuns()]);
  const started: WorkflowId[] = [];
  for (const w of WORKFLOWS) {
    if (paused.has(w.id) || running.has(w.id)) continue;
    const previous = last.get(w.id);
    if (previous && previous.startedAt.getTime() + w.intervalMs > now) continue;
    try {
      await executeWorkflow(w.id, { trigger: "schedule" });
    } catch (error) {
      // Another process is running it: skipped as a run of this process is, the others still start.
      if (error instanceof WorkflowRunningError) continue;
      throw error;
    }
    started.push(w.id);
  }
  return started;
}

export const SCHEDULER_TICK_MS = 30_000;

/**
 * Checks every `tickMs` for due workflows; returns a stop function. Stopping does not wait for a run
 * in progress (a paced sync can take minutes): the next start marks it interrupted.
 */
export function startScheduler(tickMs = SCHEDULER_TICK_MS): () => void {
  scheduling = true;
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      await runDueWorkflows();
    } catch (error) {
      log.error("workflow scheduler tick failed", { error: String(error) });
    } finally {
      ticking = false;
    }
  };
  const first = setTimeout(tick, 1000);
  const timer = setInterval(tick, tickMs);
  return () => {
    scheduling = false;
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** For tests: waits for every run in progress. */
export async function waitForRuns(): Promise<void> {
  await Promise.allSettled([...running.values()]);
}
