import type { PlatformConnection } from "../../../contracts/sources.ts";
import { plural } from "../../format/numbers.ts";

/**
 * The Historical Analytics status line about Kaggle's dataset list, as the Kaggle connection really
 * stands. The spec's "Datasets API active" only while Kaggle is connected; otherwise it says why the
 * list is empty or old (not configured, never fetched, last sync failed) instead of claiming an active
 * API beside "0 datasets". Undefined status: the connection state could not be read.
 */
export function datasetsStatusText(
  count: number,
  status: PlatformConnection["status"] | undefined,
  audience: { operator: boolean; since?: string | null } = { operator: true },
): { lead: string; rest: string } {
  const listed = `${plural(count, "Kaggle dataset")} listed`;
  if (status === "connected") return { lead: "Datasets API active", rest: ` — ${listed}` };
  // Customers see what is listed and since when; why (configuration, a failed sync) is for operators
  // (issue 9 §4).
  if (!audience.operator)
    return {
      lead: "Kaggle datasets",
      rest:
        count === 0
          ? ": none listed"
          : `: ${count.toLocaleString("en-US")} listed${audience.since ? `, as of ${audience.since}` : ""}`,
    };
  const why =
    status === "not_configured"
      ? "Kaggle is not configured"
      : status === "never_synced"
        ? "the Kaggle list has not been fetched yet"
        : status === "error"
          ? count > 0
            ? "from the last successful sync; the latest Kaggle sync failed"
            : "the Kaggle sync failed"
          : null;
  if (count === 0) return { lead: "Kaggle datasets", rest: `: none listed${why ? ` (${why})` : ""}` };
  return {
    lead: "Kaggle datasets",
    rest: `: ${count.toLocaleString("en-US")} listed${why ? ` (${why})` : ""}`,
  };
}
