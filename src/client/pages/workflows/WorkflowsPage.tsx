import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CheckCircle2,
  Clock,
  Loader2,
  Pause,
  Play,
  RotateCcw,
  Timer,
  Workflow as WorkflowIcon,
  XCircle,
} from "lucide-react";
import type { ExecutionStatus, Workflow, WorkflowExecution } from "../../../contracts/workflows.ts";
import { Badge } from "../../../ui/badge/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card } from "../../../ui/card/index.ts";
import { MetricCard } from "../../../ui/metric-card/index.ts";
import { Progress } from "../../../ui/progress/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { apiRequest, errorMessage } from "../../api.ts";
import { HistoryList } from "../../components/HistoryList.tsx";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { formatDateTimeSeconds } from "../../format/dates.ts";
import { formatDuration } from "../../format/durations.ts";
import { plural } from "../../format/numbers.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import { executionsQuery, workflowStatusQuery, workflowsQuery } from "../../queries/workflows.ts";

const STATUS_ICON: Record<ExecutionStatus, typeof CheckCircle2> = {
  running: Loader2,
  completed: CheckCircle2,
  failed: XCircle,
};
const STATUS_BADGE: Record<ExecutionStatus, "secondary" | "success" | "destructive"> = {
  running: "secondary",
  completed: "success",
  failed: "destructive",
};

/**
 * `scheduling` is the server's scheduler (WORKFLOW_SCHEDULER): off, an active workflow runs by hand
 * only, and neither its badge, its schedule nor the Resume toast may promise a run on a schedule that
 * is not running (review r20-b #5). Unknown until the status has loaded: then nothing is claimed.
 */
function WorkflowCard({ workflow, scheduling }: { workflow: Workflow; scheduling: boolean | undefined }) {
  const queryClient = useQueryClient();
  const refresh = (keys: ReadonlyArray<readonly unknown[]>) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const execute = useMutation({
    mutationFn: async () => {
      try {
        return await apiRequest<WorkflowExecution>("POST", `/api/workflows/${workflow.id}/execute`, {
          requestedFrom: "workflows screen",
        });
      } catch (error) {
        throw new Error("Failed to execute workflow", { cause: error });
      }
    },
    onSuccess: () => {
      toast({ title: "Workflow started", description: `${workflow.name} is running.` });
      void refresh([executionsQuery.queryKey, workflowsQuery.queryKey, workflowStatusQuery.queryKey]);
    },
    onError: (error) =>
      toast({
        title: "Error",
        description: `${error.message}: ${errorMessage(error.cause, "the server refused")}`,
        variant: "destructive",
      }),
  });
  const toggle = useMutation({
    mutationFn: async () => {
      const action = workflow.active ? "pause" : "resume";
      try {
        return await apiRequest<Workflow>("POST", `/api/workflows/${workflow.id}/${action}`);
      } catch (error) {
        throw new Error(`Failed to ${action} workflow`, { cause: error });
      }
    },
    onSuccess: (updated) => {
      toast({
        title: updated.active ? "Workflow resumed" : "Workflow paused",
        description: !updated.active
          ? `${updated.name} will not run on its schedule until resumed.`
          : scheduling === false
            ? `${updated.name} runs ${updated.schedule} when the scheduler is on. The scheduler is off: it runs by hand only until then.`
            : `${updated.name} runs ${updated.schedule} again.`,
      });
      void refresh([workflowsQuery.queryKey, workflowStatusQuery.queryKey]);
    },
    onError: (error) =>
      toast({
        title: "Error",
        description: `${error.message}: ${errorMessage(error.cause, "the server refused")}`,
        variant: "destructive",
      }),
  });
  const running = workflow.lastRun?.status === "running";
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="workflow-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold">{workflow.name}</h2>
          <p className="mt-1 text-muted-foreground text-sm">{workflow.description}</p>
        </div>
        <Badge variant={!workflow.active ? "warning" : scheduling ? "success" : "secondary"}>
          {!workflow.active ? "Paused" : scheduling === false ? "Active · by hand only" : "Active"}
        </Badge>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Trigger</dt>
          <dd className="capitalize">{workflow.trigger}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Schedule</dt>
          <dd>
            {scheduling === false ? `${workflow.schedule}, when the scheduler is on` : workflow.schedule}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Steps</dt>
          <dd>{workflow.steps.length}</dd>
        </div>
      </dl>
      <ol className="grid gap-1 text-muted-foreground text-xs">
        {workflow.steps.map((step, i) => (
          <li key={step.name} title={step.description}>
            {i + 1}. {step.name}
          </li>
        ))}
      </ol>
      <p className="text-muted-foreground text-xs">
        {workflow.lastRun
          ? `Last run ${formatDateTimeSeconds(workflow.lastRun.startedAt)} (${workflow.lastRun.status})`
          : "Never run yet"}
        {workflow.nextRunAt ? ` · next ${formatDateTimeSeconds(workflow.nextRunAt)}` : ""}
      </p>
      <div className="mt-auto flex gap-2">
        <Button
          size="sm"
          onClick={() => execute.mutate()}
          loading={execute.isPending}
          disabled={running}
          // Running, the button keeps the focus (review 23).
          focusableWhenDisabled
        >
          <Play aria-hidden="true" /> {running ? "Running..." : "Execute"}
        </Button>
        <Button size="sm" variant="outline" onClick={() => toggle.mutate()} loading={toggle.isPending}>
          {workflow.active ? <Pause aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
          {workflow.active ? "Pause" : "Resume"}
        </Button>
      </div>
    </Card>
  );
}

function ExecutionRow({ execution }: { execution: WorkflowExecution }) {
  const Icon = STATUS_ICON[execution.status];
  const running = execution.status === "running";
  return (
    <li className="py-3" data-testid="execution">
      <details>
        <summary className="flex cursor-pointer list-none items-center gap-3">
          <Icon
            className={
              running
                ? "size-5 shrink-0 animate-spin text-muted-foreground"
                : execution.status === "completed"
                  ? "size-5 shrink-0 text-success"
                  : "size-5 shrink-0 text-destructive"
            }
            aria-label={execution.status}
          />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{execution.workflowName}</p>
            <p className="text-muted-foreground text-xs">
              {formatDateTimeSeconds(execution.startedAt)} ·{" "}
              {execution.trigger === "manual" ? "run by hand" : "scheduled"}
            </p>
            {running && (
              <Progress
                className="mt-2"
                value={execution.currentStep}
                max={execution.totalSteps}
                aria-label={`${execution.workflowName}: step ${execution.currentStep + 1} of ${execution.totalSteps}`}
              />
            )}
          </div>
          <Badge variant={STATUS_BADGE[execution.status]}>{execution.status}</Badge>
          <span className="w-14 text-right text-muted-foreground text-sm tabular-nums">
            {/* Not known: a server stop interrupted it before it was seen running (its error says so). */}
            {execution.durationMs == null ? "–" : formatDuration(execution.durationMs)}
          </span>
        </summary>
        <ol className="mt-3 ml-8 grid gap-1 text-sm">
          {execution.steps.map((step) => (
            <li key={step.name} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{step.name}</span>
              <span
                className={
                  step.status === "failed"
                    ? "text-destructive"
                    : step.status === "skipped"
                      ? "text-warning"
                      : "text-muted-foreground"
                }
              >
                {step.status}: {step.detail}
                {step.durationMs == null ? "" : ` (${formatDuration(step.durationMs)})`}
              </span>
            </li>
          ))}
          {running && (
            <li className="text-muted-foreground">Step {execution.currentStep + 1} in progress...</li>
          )}
        </ol>
      </details>
    </li>
  );
}

/** Spec §2 "Workflows (admin)": the data pipelines that keep the catalog fresh. Reached only through the admin guard. */
export default function WorkflowsPage() {
  const workflows = useQuery(workflowsQuery);
  const executions = useQuery(executionsQuery);
  const status = useQuery(workflowStatusQuery);
  const s = status.data;
  return (
    <div>
      <PageHeader
        title="Workflows"
        description="The data pipelines that keep the catalog fresh across 8 platforms."
        actions={
          s && (
            <Badge variant={s.scheduling ? "success" : "warning"}>
              {s.scheduling ? "Scheduler on" : "Scheduler off: runs by hand only"}
            </Badge>
          )
        }
      />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <MetricCard
          title="Workflows"
          icon={WorkflowIcon}
          loading={!s}
          value={s ? s.total : null}
          hint={s ? `${s.active} active, ${s.total - s.active} paused` : null}
        />
        <MetricCard
          title="Running now"
          icon={Timer}
          loading={!s}
          value={s ? s.running : null}
          hint="runs in progress"
        />
        <MetricCard
          title="Success rate"
          icon={CheckCircle2}
          loading={!s}
          value={s ? (s.successRate == null ? "–" : `${s.successRate}%`) : null}
          hint={s ? `${s.last24h.completed} completed, ${s.last24h.failed} failed in 24 h` : null}
        />
        <MetricCard
          title="Average run"
          icon={Clock}
          loading={!s}
          value={
            s
              ? s.last24h.averageDurationMs == null
                ? "–"
                : formatDuration(s.last24h.averageDurationMs)
              : null
          }
          hint={s ? `${plural(s.last24h.executions, "run")} in the last 24 h` : null}
        />
      </div>
      <Tabs defaultValue="workflows">
        <TabsList>
          <TabsTrigger value="workflows">Workflows</TabsTrigger>
          <TabsTrigger value="history">Execution History</TabsTrigger>
        </TabsList>
        <TabsContent value="workflows">
          {workflows.isError ? (
            <LoadFailed what="the workflows" error={workflows.error} onRetry={() => workflows.refetch()} />
          ) : workflows.isLoading ? (
            <div className="grid gap-4 md:grid-cols-2">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-64 w-full" />
              ))}
            </div>
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {(workflows.data ?? []).map((workflow) => (
                <WorkflowCard key={workflow.id} workflow={workflow} scheduling={s?.scheduling} />
              ))}
            </div>
          )}
        </TabsContent>
        <TabsContent value="history">
          <HistoryList
            loading={executions.isLoading}
            items={executions.data}
            emptyTitle="No workflow executions found"
            emptyDescription="Runs appear here when a workflow starts, on its schedule or by hand."
          >
            {(execution) => <ExecutionRow key={execution.id} execution={execution} />}
          </HistoryList>
        </TabsContent>
      </Tabs>
    </div>
  );
}
