import { ADMIN_REQUIRED_DETAIL, PREMIUM_REQUIRED_DETAIL } from "../contracts/roles.ts";

/**
 * The one fetch wrapper (spec §7, §8; CONVENTIONS 9): cookies always sent, JSON in and out.
 * A non-ok answer throws `ApiError` whose message is `"{status}: {body text or status text}"`.
 */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: Array<{ field: string; message: string }>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;
  /** Seconds the server asked to wait (Retry-After of a 429 or 503), when it said. */
  readonly retryAfter: number | undefined;
  constructor(status: number, message: string, problem?: Problem, retryAfter?: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

let accessRefusedHandler: () => void = () => {};

/**
 * What the app does when the server refuses a request because of the user's role (set once at
 * start, main.tsx): reload the current user, so the shell shows the plan the server enforces.
 */
export function onAccessRefused(handler: () => void): void {
  accessRefusedHandler = handler;
}

/** Throws `ApiError` for a non-ok answer; `message` replaces `"{status}: {body}"` (search: "Search failed: 500"). */
export async function throwIfNotOk(res: Response, message?: string): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let problem: Problem | undefined;
  try {
    problem = JSON.parse(text) as Problem;
  } catch {
    problem = undefined;
  }
  const retryAfter = Number(res.headers.get("retry-after") ?? Number.NaN);
  const error = new ApiError(
    res.status,
    message ?? `${res.status}: ${text}`,
    problem,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  );
  if (accessChangedText(error)) accessRefusedHandler();
  throw error;
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined ? { "Content-Type": "application/json" } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("json") ? await res.json() : await res.text()) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>("GET", url);

/**
 * POSTs JSON and reads the answer as server-sent events, calling `onEvent` with each event's parsed
 * `data` as it arrives (the AI analyst's streamed answers). Resolves when the stream ends.
 */
export async function apiStream<E>(url: string, body: unknown, onEvent: (event: E) => void): Promise<void> {
  const res = await fetch(url, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
  });
  await throwIfNotOk(res);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const data = buffer
        .slice(0, end)
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      buffer = buffer.slice(end + 2);
      if (data) onEvent(JSON.parse(data) as E);
      end = buffer.indexOf("\n\n");
    }
    if (done) return;
  }
}

/** Spec §8: a 401 whose text mentions Unauthorized means the session is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** What a user is told when the server refused an action their role no longer includes. */
export const PLAN_CHANGED_TEXT =
  "Your plan has changed: this is a Premium feature, and your plan no longer includes it.";
export const ADMIN_REVOKED_TEXT =
  "Your role has changed: this needs admin access, which your account no longer has.";

/**
 * The sentence for a 403 refused by role (the screen offered it, so the role changed since it
 * loaded); null for any other error. Retrying such a request cannot succeed, so "Please try again"
 * would be wrong.
 */
export function accessChangedText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  if (error.problem?.detail === PREMIUM_REQUIRED_DETAIL) return PLAN_CHANGED_TEXT;
  if (error.problem?.detail === ADMIN_REQUIRED_DETAIL) return ADMIN_REVOKED_TEXT;
  return null;
}

/** A readable sentence from an API error, for toasts and inline messages. */
export function errorMessage(error: unknown, fallback = "Something went wrong"): string {
  const changed = accessChangedText(error);
  if (changed) return changed;
  if (error instanceof ApiError) return error.problem?.detail ?? error.problem?.title ?? fallback;
  return fallback;
}
