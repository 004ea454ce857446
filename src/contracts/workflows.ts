/**
 * Data pipelines (spec §2 "Workflows", §3 "Workflow", "Execution"): the admin API's answers.
 * Plain types, no zod: the client imports this file.
 */
export const WORKFLOW_IDS = [
  "multi-platform-intelligence",
  "advanced-ai-intelligence",
  "historical-data-integration",
  "comprehensive-health-monitoring",
] as const;
export type WorkflowId = (typeof WORKFLOW_IDS)[number];

export interface WorkflowStep {
  name: string;
  description: string;
}

export interface Workflow {
  id: WorkflowId;
  name: string;
  description: string;
  /** Paused workflows do not run on their schedule; an admin may still run them by hand. */
  active: boolean;
  trigger: "schedule";
  /** "every 15 minutes" */
  schedule: string;
  intervalMs: number;
  steps: WorkflowStep[];
  lastRun: { id: string; status: ExecutionStatus; startedAt: string; completedAt: string | null } | null;
  /** When the scheduler will start it next; null while paused or when scheduling is off. */
  nextRunAt: string | null;
}

export type ExecutionStatus = "running" | "completed" | "failed";

export interface ExecutionStep {
  name: string;
  status: "completed" | "failed" | "skipped";
  /** What the step did ("412 records stored") or why it failed or was skipped. */
  detail: string;
  /** Null: a step a server stop interrupted before it was seen running (not known). */
  durationMs: number | null;
}

export interface WorkflowExecution {
  id: string;
  workflowId: WorkflowId;
  workflowName: string;
  status: ExecutionStatus;
  currentStep: number;
  totalSteps: number;
  steps: ExecutionStep[];
  trigger: "schedule" | "manual";
  /** The admin who ran it by hand, as the account is now; null for a scheduled run or a deleted account. */
  triggeredBy: { id: string; email: string | null; name: string | null } | null;
  metadata: Record<string, unknown> | null;
  error: string | null;
  startedAt: string;
  completedAt: string | null;
  /**
   * Milliseconds from start to end, or so far while running; null (with `completedAt`) for a run a
   * server stop interrupted before it was seen running, whose end is not known (`error` says so).
   */
  durationMs: number | null;
}

/** `GET /api/workflows/status`: counted from the executions of the last 24 hours. */
export interface WorkflowStatus {
  total: number;
  active: number;
  /** Runs in progress now, of every server process on the database, whenever they started. */
  running: number;
  scheduling: boolean;
  last24h: { executions: number; completed: number; failed: number; averageDurationMs: number | null };
  /** Completed runs among finished runs of the last 24 hours, 0–100; null when none finished. */
  successRate: number | null;
}
