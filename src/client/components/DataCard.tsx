import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { Provenance } from "../../contracts/provenance.ts";
import { EmptyState } from "../../ui/empty-state/index.ts";
import { type CsvData, ExportCsvButton } from "../../ui/export/index.ts";
import { SourceNote } from "../../ui/source-note/index.ts";
import { withProvenanceColumns } from "./csv-provenance.ts";
import { Section } from "./Section.tsx";

export interface DataCardProps {
  title: string;
  description?: string | undefined;
  /** What the card says instead of its body when it has nothing to show; null when it has data. */
  empty: string | null;
  /** Said under `empty`: what would fill the card. */
  emptyHint?: string;
  emptyIcon?: LucideIcon;
  /** The body: only rendered when there is data. */
  body: () => ReactNode;
  provenance: Provenance | Provenance[] | null | undefined;
  /**
   * Export CSV of what the card shows (issue 10): a file name and the rows, read on click. The card's
   * source and date are added to each row, unless the rows already date each figure by its own
   * (`dated`: a card of several sources whose figures have their own months, ADR 029).
   */
  csv: { fileName: string; data: () => CsvData; dated?: boolean };
}

/**
 * A card of figures from one source: its body (or an honest empty state), the source and time under
 * it, and Export CSV of what it shows — the shape of every card of the data screens, so each of
 * them is a row in a list rather than a copy of this markup.
 */
export function DataCard({
  title,
  description,
  empty,
  emptyHint,
  emptyIcon,
  body,
  provenance,
  csv,
}: DataCardProps) {
  return (
    <Section title={title} description={description}>
      {empty != null ? <EmptyState icon={emptyIcon} title={empty} description={emptyHint} /> : body()}
      <SourceNote provenance={provenance} className="mt-2" />
      {/* Nothing to export from an empty card, so no button (review r33-c #10). */}
      {empty == null && (
        <ExportCsvButton
          className="mt-2"
          fileName={csv.fileName}
          aria-label={`Export CSV of ${title}`}
          // The source and date under the card go into its file too.
          data={() => (csv.dated ? csv.data() : withProvenanceColumns(csv.data(), provenance))}
        />
      )}
    </Section>
  );
}
