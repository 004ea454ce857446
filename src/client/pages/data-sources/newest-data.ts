import type { DataSourceEntry } from "../../../contracts/data-sources.ts";
import { describeAsOf } from "../../../ui/source-note/index.ts";

/**
 * The "Newest data" cell of a source: the time of its newest dated data; "undated" when its records
 * come only from files that state no date (review 7 #4), and how many are undated beside a date.
 */
export function newestDataText(s: Pick<DataSourceEntry, "asOf" | "undated" | "unit">): string {
  const dated = describeAsOf(s.asOf);
  const undated = s.undated ? `${s.undated.toLocaleString("en-US")} ${s.unit} undated` : null;
  if (dated) return undated ? `${dated} (${undated})` : dated;
  if (undated) return "undated";
  return s.unit === "years" ? "by edition, per year" : "none yet";
}
