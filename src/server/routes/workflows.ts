import { Hono } from "hono";
import { z } from "zod";
import { wholeNumber } from "../../contracts/games.ts";
import { recordAudit } from "../accounts/audit.ts";
import { requireAdmin } from "../auth/guards.ts";
import type { AppEnv } from "../http/app-env.ts";
import { HttpProblem } from "../http/problem.ts";
import { noBody, noQueryParams, pathParams, queryParams, zodFieldErrors } from "../http/validate.ts";
import { workflowById } from "../workflows/definitions.ts";
import {
  executeWorkflow,
  listExecutions,
  listWorkflows,
  setWorkflowActive,
  workflowStatus,
} from "../workflows/runner.ts";

const IdParam = z.object({ id: z.string().min(1).max(100) });
/** Strict: a filter it does not have (`workflowId`) is named, not ignored while every run is answered. */
const ExecutionsQuery = z
  .object({
    limit: wholeNumber(1, 200).default(50),
  })
  .strict();
const Metadata = z.record(z.string(), z.unknown());

/**
 * The body of an Execute: optional JSON metadata kept with the run (spec §7). No body is an empty
 * object; a body must be a JSON object under 16 KiB.
 */
async function readMetadata(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (!text.trim()) return null;
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new HttpProblem(415, "Send the metadata as application/json");
  }
  if (text.length > 16 * 1024) throw new HttpProblem(413, "The metadata is larger than 16 KiB");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpProblem(400, "Malformed JSON in request body");
  }
  const parsed = Metadata.safeParse(value);
  if (!parsed.success) {
    throw new HttpProblem(422, "The metadata must be a JSON object", {
      errors: zodFieldErrors(parsed.error),
    });
  }
  return Object.keys(parsed.data).length ? parsed.data : null;
}

/** The longest run reason kept in the audit log (the metadata itself may be up to 16 KiB). */
const AUDIT_REASON_MAX = 300;

/**
 * `/api/workflows`: admins only (spec §6), on the server as on screen. Running, pausing and resuming
 * are audited once done (review r27-b #1); a refused one (403, 404, 409, bad metadata) records nothing.
 */
export const workflowRoutes = new Hono<AppEnv>()
  .get("/", requireAdmin, noQueryParams(), async (c) => c.json(await listWorkflows()))
  .get("/executions", requireAdmin, queryParams(ExecutionsQuery), async (c) =>
    c.json(await listExecutions(c.req.valid("query").limit)),
  )
  .get("/status", requireAdmin, noQueryParams(), async (c) => c.json(await workflowStatus()))
  .post("/:id/execute", requireAdmin, pathParams(IdParam), async (c) => {
    const metadata = await readMetadata(c.req.raw);
    const userId = c.get("user").id;
    const { execution } = await executeWorkflow(c.req.valid("param").id, {
      trigger: "manual",
      userId,
      metadata,
    });
    const reason = typeof metadata?.reason === "string" ? metadata.reason.trim() : "";
    await recordAudit({
      actorId: userId,
      action: "workflow.executed",
      ...workflowTarget(execution.workflowId),
      detail: {
        workflowId: execution.workflowId,
        executionId: execution.id,
        ...(reason ? { reason: reason.slice(0, AUDIT_REASON_MAX) } : {}),
      },
    });
    return c.json(execution, 202);
  })
  .post("/:id/pause", requireAdmin, pathParams(IdParam), noBody(), async (c) =>
    c.json(await setActiveAudited(c.req.valid("param").id, false, c.get("user").id)),
  )
  .post("/:id/resume", requireAdmin, pathParams(IdParam), noBody(), async (c) =>
    c.json(await setActiveAudited(c.req.valid("param").id, true, c.get("user").id)),
  );

/** Pauses or resumes a workflow and audits it, once it is done (a refused change writes no entry). */
async function setActiveAudited(id: string, active: boolean, userId: string) {
  const workflow = await setWorkflowActive(id, active, userId);
  await recordAudit({
    actorId: userId,
    action: active ? "workflow.resumed" : "workflow.paused",
    ...workflowTarget(workflow.id),
    detail: { workflowId: workflow.id },
  });
  return workflow;
}

/**
 * A workflow as an audit entry's target: its name as the Workflows screen shows it ("Advanced AI
 * Intelligence"), which the audit log reads as the target, not its id (review r28-a #7); the entry's
 * detail keeps the id (`workflowId`).
 */
function workflowTarget(id: string): { targetId: string } {
  return { targetId: workflowById(id)?.name ?? id };
}
