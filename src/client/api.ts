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
  constructor(status: number, message: string, problem?: Problem) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.problem = problem;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let problem: Problem | undefined;
  try {
    problem = JSON.parse(text) as Problem;
  } catch {
    problem = undefined;
  }
  throw new ApiError(res.status, `${res.status}: ${text}`, problem);
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

/** Spec §8: a 401 whose text mentions Unauthorized means the session is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** A readable sentence from an API error, for toasts and inline messages. */
export function errorMessage(error: unknown, fallback = "Something went wrong"): string {
  if (error instanceof ApiError) return error.problem?.detail ?? error.problem?.title ?? fallback;
  return fallback;
}
