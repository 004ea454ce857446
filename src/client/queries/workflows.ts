import { queryOptions } from "@tanstack/react-query";
import type { Workflow, WorkflowExecution, WorkflowStatus } from "../../contracts/workflows.ts";
import { apiGet } from "../api.ts";

/** Admin only: the Workflows screen mounts behind the admin guard. Spec §9 refetch intervals. */
export const workflowsQuery = queryOptions({
  queryKey: ["/api/workflows"],
  queryFn: () => apiGet<Workflow[]>("/api/workflows"),
  // Last run and next run move as runs start and end.
  refetchInterval: 10_000,
});

export const executionsQuery = queryOptions({
  queryKey: ["/api/workflows/executions"],
  queryFn: () => apiGet<WorkflowExecution[]>("/api/workflows/executions"),
  refetchInterval: 5_000,
});

export const workflowStatusQuery = queryOptions({
  queryKey: ["/api/workflows/status"],
  queryFn: () => apiGet<WorkflowStatus>("/api/workflows/status"),
  refetchInterval: 10_000,
});
