import { ApiError, accessChangedText, errorMessage } from "./api.ts";

/*
 * Failure texts that carry the server's reason. Kept apart from api.ts, which the app shell loads
 * first: only the screens whose forms and toasts use them load these.
 */

/**
 * `errorMessage`, with a form's fields named as its screen names them: a field error the form knows
 * reads "Its label: message" rather than the API's "fieldKey: message" (review r20-b #8,
 * "apiPerMinute: 0 (no limit), …").
 */
export function labelledErrorMessage(
  error: unknown,
  labels: Readonly<Record<string, string>>,
  fallback?: string,
): string {
  const fieldErrors =
    error instanceof ApiError && !accessChangedText(error) ? error.problem?.errors : undefined;
  if (fieldErrors?.length && fieldErrors.every((e) => Object.hasOwn(labels, e.field))) {
    return fieldErrors.map((e) => `${labels[e.field]}: ${e.message}`).join("; ");
  }
  return errorMessage(error, fallback);
}

/**
 * A failure toast's fixed text (spec §8's words, kept as they are and first) followed by the
 * server's reason when it gave one: its problem `detail`, or the sentence for a refusal by role
 * ("Failed to update user role. This is the last admin: …."). The fixed text alone otherwise (a
 * problem with only a title, "Internal Server Error", says no more than the text).
 */
export function withServerReason(text: string, error: unknown): string {
  const reason = accessChangedText(error) ?? (error instanceof ApiError ? error.problem?.detail : undefined);
  if (!reason?.trim()) return text;
  const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
  return `${sentence(text)} ${sentence(reason)}`;
}
