import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ExecutionStep } from "../../../contracts/workflows.ts";
import { users } from "./auth.ts";

/**
 * Data pipelines (spec §2 "Workflows"). What each workflow does is code (src/server/workflows);
 * the database keeps whether an admin paused it, and every run with its steps.
 */
export const workflowStates = sqliteTable("workflow_states", {
  workflowId: text("workflow_id").primaryKey(),
  active: integer("active", { mode: "boolean" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export const workflowExecutions = sqliteTable(
  "workflow_executions",
  {
    id: text("id").primaryKey(),
    workflowId: text("workflow_id").notNull(),
    status: text("status", { enum: ["running", "completed", "failed"] }).notNull(),
    /** Steps finished so far (1-based while running: the step in progress is currentStep + 1). */
    currentStep: integer("current_step").notNull().default(0),
    totalSteps: integer("total_steps").notNull(),
    steps: text("steps", { mode: "json" }).$type<ExecutionStep[]>().notNull(),
    trigger: text("trigger", { enum: ["schedule", "manual"] }).notNull(),
    triggeredBy: text("triggered_by").references(() => users.id, { onDelete: "set null" }),
    /** The JSON metadata an admin sent with a manual run. */
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    error: text("error"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    /**
     * While running, the last time the run was seen running (written every few seconds and at each
     * step's start): a run a stopped server left behind ends there, its step in progress included.
     */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    /**
     * The process running the run: its machine and pid (ADR 038). A start or the periodic sweep closes
     * a `running` run only when this process is known to have ended or the run was not seen for the
     * expiry; a live process's run is left to it. Null on runs recorded before it was kept.
     */
    runner: text("runner", { mode: "json" }).$type<{ host: string; pid: number }>(),
  },
  (t) => [
    index("workflow_executions_started").on(t.startedAt),
    index("workflow_executions_workflow").on(t.workflowId, t.startedAt),
  ],
);
