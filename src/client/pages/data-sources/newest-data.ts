import type { DataSourceEntry } from "../../../contracts/data-sources.ts";
import { describeAsOf } from "../../../ui/source-note/index.ts";

/**
 * The "Newest data" cell of a source: the time of its newest dated data; "undated" when its records
 * come only from files that state no date (review 7 #4), and how many are undated beside a date.
 */
export function newestDataText(
  s: Pick<DataSourceEntry, "asOf" | "undated" | "unit" | "live"> & { lastSync?: string | null },
): string {
  const dated = describeAsOf(s.asOf);
  const undated = s.undated ? `${s.undated.toLocaleString("en-US")} ${s.unit} undated` : null;
  if (dated) return undated ? `${dated} (${undated})` : dated;
  if (undated) return "undated";
  // A live service no sync has reached yet: said as such, not as if it had answered nothing.
  if (s.live && !s.lastSync) return "not synced yet";
  return s.unit === "years" ? "by edition, per year" : "none yet";
}
