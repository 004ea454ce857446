import { namedTogether, type Provenance } from "../../contracts/provenance.ts";
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
  const { source, asOf } = namedTogether(provenance);
  return {
    header: [...csv.header, "source", "as of (ISO 8601)"],
    rows: csv.rows.map((row) => [...row, source, asOf]),
  };
}
