import type { Provenance } from "../../contracts/provenance.ts";
import type { CsvData } from "../../ui/export/index.ts";

/**
 * A chart card's CSV with the source and date its card shows, as the other exports carry them: a
 * `source` column and an `as of (ISO 8601)` column on every row (review 20, item 12: most-owned-games.csv
 * came without the "Source: Steam Store Games · May 2019" of its chart). Several sources are named
 * together, dated by the newest.
 */
export function withProvenanceColumns(
  csv: CsvData,
  provenance: Provenance | readonly Provenance[] | null | undefined,
): CsvData {
  const list = Array.isArray(provenance) ? provenance : provenance ? [provenance as Provenance] : [];
  const source = [...new Set(list.map((p) => p.source))].join("; ") || null;
  const asOf =
    list
      .map((p) => p.asOf)
      .filter((t): t is string => t != null)
      .sort((a, b) => Date.parse(a) - Date.parse(b))
      .at(-1) ?? null;
  return {
    header: [...csv.header, "source", "as of (ISO 8601)"],
    rows: csv.rows.map((row) => [...row, source, asOf]),
  };
}
