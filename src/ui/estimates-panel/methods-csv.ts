import type { EstimateMethod, GameEstimate } from "../../contracts/estimates.ts";
import type { CsvData } from "../export/ExportButton.tsx";

type MethodsEstimate = Pick<
  GameEstimate,
  "methods" | "modelVersion" | "inputs" | "inputSources" | "sources" | "provenance"
>;

/** A date as the other exports write it (ISO 8601 with time, UTC): "2022-02-01" → "2022-02-01T00:00:00.000Z". */
function isoTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/**
 * The source and date of the one input a method is computed from, as the panel's Inputs list gives
 * them: the review counts' (their own source, else the source line's "(reviews)" credit), the owners
 * band's, the player series' (to its last month). The catalog's spread has no input of the game.
 */
function methodInput(
  method: EstimateMethod,
  estimate: MethodsEstimate,
): { source: string; asOf: string | null } | null {
  switch (method.name) {
    case "review-model": {
      if (estimate.inputSources?.reviews) return estimate.inputSources.reviews;
      const credit = estimate.sources?.find((s) => s.source.endsWith(" (reviews)"));
      return credit ? { source: credit.source.slice(0, -" (reviews)".length), asOf: credit.asOf } : null;
    }
    case "owners-band":
      return estimate.inputs.ownersBand;
    case "player-hours":
      return estimate.inputs.playerSeries
        ? { source: estimate.inputs.playerSeries.source, asOf: estimate.inputs.playerSeries.to }
        : null;
    case "catalog-spread":
      return null;
  }
}

/**
 * The Sales estimates panel's Methods table as CSV (issue 10: every table has an export;
 * docs/decisions/029): each method's owners P50 and P10–P90 in owners, its weight in whole percent as
 * the table writes it, and what it was computed from; each row with the model version and the source
 * and date of its own input (review r34-a #2: not every input of the estimate), the date ISO 8601 with
 * its time as the other exports write it. A method outside its fitted range has empty figures, as the
 * table says "no figure".
 */
export function estimateMethodsCsv(estimate: MethodsEstimate): CsvData {
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
    rows: estimate.methods.map((m) => {
      const input = methodInput(m, estimate);
      return [
        m.label,
        m.owners?.mid ?? null,
        m.owners?.low ?? null,
        m.owners?.high ?? null,
        Math.round(m.weight * 100),
        m.detail,
        estimate.modelVersion,
        input?.source ?? null,
        isoTime(input?.asOf),
      ];
    }),
  };
}
