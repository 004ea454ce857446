import type { DataSourceEntry } from "../../../contracts/data-sources.ts";
import { describeAsOf } from "../../../ui/source-note/index.ts";
import { formatDateTime } from "../../format/dates.ts";
import { countWithUnit } from "../../format/numbers.ts";

/**
 * The "Newest data" cell of a source: the time of its newest dated data; "undated" when its records
 * come only from files that state no date (review 7 #4), and how many are undated beside a date.
 */
export function newestDataText(
  s: Pick<DataSourceEntry, "asOf" | "undated" | "unit" | "live" | "lastFailure" | "notConnected"> & {
    lastSync?: string | null;
  },
): string {
  const dated = describeAsOf(s.asOf);
  // Without its keys no sync can reach it: not "not synced yet", which reads as pending (review r28-a #6).
  if (s.notConnected) return dated ? `${dated} (not connected now)` : "not connected";
  const undated = s.undated ? `${countWithUnit(s.undated, s.unit)} undated` : null;
  if (dated) return undated ? `${dated} (${undated})` : dated;
  if (undated) return "undated";
  // A live service no sync has reached yet: said as such, not as if it had answered nothing; one
  // whose attempts all failed is no "not synced yet" (the failure is said under it).
  if (s.live && !s.lastSync) return s.lastFailure ? "no successful sync yet" : "not synced yet";
  return s.unit === "years" ? "by edition, per year" : "none yet";
}

/**
 * A live service whose last sync attempt failed: "Last sync failed Nov 20, 2026, 10:30 AM UTC: GOG
 * answered 503"; null when its last attempt succeeded (or none was made).
 */
export function syncFailureText(s: Pick<DataSourceEntry, "lastFailure">): string | null {
  if (!s.lastFailure) return null;
  return `Last sync failed ${formatDateTime(s.lastFailure.at)}: ${s.lastFailure.message}`;
}
