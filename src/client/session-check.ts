import { ApiError } from "./api.ts";

/** What the shell says when the current-user call fails other than with a 401, and when it asks again. */
export interface SessionCheckFailure {
  message: string;
  /** Seconds until the check runs again by itself; null: only by the Try again button. */
  retryInSeconds: number | null;
}

/**
 * Only a 401 means signed out (the current-user query answers null for it). A 429 or a 503 is the
 * server asking to wait: the shell says so and asks again after Retry-After, rather than sending the
 * person to sign in, which would not help (ADR 022).
 */
export function sessionCheckFailure(error: unknown): SessionCheckFailure {
  if (error instanceof ApiError && (error.status === 429 || error.status === 503)) {
    const seconds = error.retryAfter ?? (error.status === 429 ? 60 : 30);
    return {
      message:
        error.problem?.detail ??
        (error.status === 429 ? "Too many requests." : "The service is unavailable right now."),
      retryInSeconds: Math.max(1, seconds),
    };
  }
  return {
    message: "Could not check your session. Check your connection and try again.",
    retryInSeconds: null,
  };
}
