import { estimateSourceLine, type GameEstimate } from "../../contracts/estimates.ts";
import type { CsvData } from "../export/ExportButton.tsx";

/**
 * The Sales estimates panel's Methods table as CSV (issue 10: every table has an export;
 * docs/decisions/029): each method's owners P50 and P10–P90 in owners, its weight in whole percent as
 * the table writes it, and what it was computed from; each row with the model version and the
 * estimate's sources and dates, as the panel's note gives them ("; "-separated, in the same order).
 * A method outside its fitted range has empty figures, as the table says "no figure".
 */
export function estimateMethodsCsv(
  estimate: Pick<GameEstimate, "methods" | "modelVersion" | "sources" | "provenance">,
): CsvData {
  const sources = estimateSourceLine(estimate);
  const source = sources.map((p) => p.source).join("; ");
  const asOf = sources.map((p) => p.asOf ?? "").join("; ");
  return {
    header: [
      "method",
      "owners P50 (owners)",
      "owners P10 (owners)",
      "owners P90 (owners)",
      "weight (%)",
      "detail",
      "model version",
      "source",
      "as of (ISO 8601)",
    ],
    rows: estimate.methods.map((m) => [
      m.label,
      m.owners?.mid ?? null,
      m.owners?.low ?? null,
      m.owners?.high ?? null,
      Math.round(m.weight * 100),
      m.detail,
      estimate.modelVersion,
      source,
      asOf,
    ]),
  };
}
