import { ApiError } from "../../api.ts";
import { formatDateTime } from "../../format/dates.ts";

/**
 * The hour's report limit reached (429): the server's limit, and when the next report can be made in
 * the user's time zone, rather than "Please try again", which would fail again (review r20-b #3).
 */
export function reportLimitToast(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const limit = (error.problem?.detail ?? "").replace(/\s*Try again in [^.]*\./, "");
  const at = Date.now() + (error.retryAfter ?? 60) * 1000;
  return {
    title: "Report limit reached",
    description: `${limit} You can generate the next one at ${formatDateTime(at)}.`.trim(),
    variant: "destructive" as const,
  };
}
