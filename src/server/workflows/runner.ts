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
import type { SyncOptions } from "../sync/index.ts";
import { releaseRunLeases } from "../sync/lease.ts";
import { WORKFLOWS, type WorkflowDefinition, workflowById } from "./definitions.ts";

/**
 * Runs the workflows of definitions.ts: by hand (an admin's Execute) or on their schedule. Every run
 * is a row in `workflow_executions`, updated after each step, so the screen shows progress. A step
 * that fails does not stop the others (one unreachable store must not keep the rest stale); the run
 * then ends `failed` naming what failed.
 */

type ExecutionRow = typeof workflowExecutions.$inferSelect;

const running = new Map<WorkflowId, Promise<void>>();
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
  const [paused, [counts]] = await Promise.all([
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
  ]);
  const done = Number(counts?.finished ?? 0);
  const completed = Number(counts?.completed ?? 0);
  const average = counts?.averageDurationMs;
  return {
    total: WORKFLOWS.length,
    active: WORKFLOWS.filter((w) => !paused.has(w.id)).length,
    running: running.size,
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
    await db()
      .update(workflowExecutions)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(workflowExecutions.id, executionId), eq(workflowExecutions.status, "running")));
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
    await db()
      .update(workflowExecutions)
      .set({ currentStep: results.length, steps: results, lastSeenAt: new Date() })
      .where(eq(workflowExecutions.id, executionId));
  }
  await db()
    .update(workflowExecutions)
    .set({
      status: failures.length ? "failed" : "completed",
      error: failures.length ? failures.join("; ") : null,
      completedAt: new Date(),
    })
    .where(eq(workflowExecutions.id, executionId));
  log.info("workflow finished", {
    workflowId: definition.id,
    executionId,
    status: failures.length ? "failed" : "completed",
  });
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
    const [row] = await db()
      .insert(workflowExecutions)
      .values({
        id: crypto.randomUUID(),
        workflowId: definition.id,
        status: "running",
        currentStep: 0,
        totalSteps: definition.steps.length,
        steps: [],
        trigger: run.trigger,
        triggeredBy: run.userId ?? null,
        metadata: run.metadata ?? null,
        startedAt: new Date(),
      })
      .returning();
    const done = runSteps(definition, row!.id)
      .catch((error) => log.error("workflow run failed to record", { workflowId: id, error: String(error) }))
      .finally(() => running.delete(definition.id));
    running.set(definition.id, done);
    log.info("workflow started", { workflowId: id, executionId: row!.id, trigger: run.trigger });
    return { execution: toExecution(row!, people), done };
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

/**
 * Runs left `running` by a stopped process are marked failed: nothing will finish them. Each ends
 * when it was last known running, not at this restart, so the downtime is not counted as its
 * duration (nor in the workflow's average run); the step that was in progress is recorded as
 * interrupted, with the time it was seen running. A run never seen running after its start (killed
 * within its first heartbeat) has no known end: `completedAt` stays null, rather than its start with
 * a duration of 0 (review r29-b #5); and a step in progress not seen running since it started has
 * no known duration (null). The run's `error` says why.
 */
export async function closeInterruptedRuns(): Promise<number> {
  const rows = await db()
    .select({
      id: workflowExecutions.id,
      workflowId: workflowExecutions.workflowId,
      startedAt: workflowExecutions.startedAt,
      steps: workflowExecutions.steps,
      totalSteps: workflowExecutions.totalSteps,
      lastSeenAt: workflowExecutions.lastSeenAt,
    })
    .from(workflowExecutions)
    .where(eq(workflowExecutions.status, "running"));
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
    await db()
      .update(workflowExecutions)
      .set({ status: "failed", error: INTERRUPTED_ERROR, completedAt, currentStep: steps.length, steps })
      .where(and(eq(workflowExecutions.id, row.id), eq(workflowExecutions.status, "running")));
  }
  // Their syncs' leases would refuse the next run of those sources as "already running in another
  // process" until they expire (review r29-b #5).
  const released = await releaseRunLeases(rows.map((r) => r.id));
  if (released.length) log.info("sync leases of interrupted runs released", { sources: released });
  return rows.length;
}

/** Starts every active workflow whose interval has passed since its last run. */
export async function runDueWorkflows(now = Date.now()): Promise<WorkflowId[]> {
  const [paused, last] = await Promise.all([pausedWorkflows(), lastRuns()]);
  const started: WorkflowId[] = [];
  for (const w of WORKFLOWS) {
    if (paused.has(w.id) || running.has(w.id)) continue;
    const previous = last.get(w.id);
    if (previous && previous.startedAt.getTime() + w.intervalMs > now) continue;
    await executeWorkflow(w.id, { trigger: "schedule" });
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
