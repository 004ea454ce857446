import type { Provenance } from "../../contracts/provenance.ts";
import { ExportCsvButton } from "../../ui/export/index.ts";
import { DataTable } from "../../ui/table/index.ts";
import { compactNumber, formatPercent } from "../format/numbers.ts";
import { CatalogSourceNote } from "./CatalogSourceNote.tsx";

export interface Genre {
  category: string;
  players: number;
  /** Premium only (ADR 020): without it on every row, the table has no Volatility column. */
  volatilityScore?: number;
  change: number;
}

/** Whether the table has a Volatility column: only when every row carries its score. */
export function showsVolatility(genres: readonly Genre[]): boolean {
  return genres.length > 0 && genres.every((g) => typeof g.volatilityScore === "number");
}

/**
 * Genres with players, change and volatility (reports and the Overview's market analysis), with the
 * source of the genre series under it and Export CSV of the rows shown. Volatility is a column only
 * when the rows carry it: a regular user's genres come without it, and no empty column stands in.
 */
export function GenreTable({
  genres,
  caption,
  provenance,
  fileName,
}: {
  genres: Genre[];
  caption: string;
  provenance: Provenance | Provenance[] | null | undefined;
  fileName: string;
}) {
  const volatility = showsVolatility(genres);
  return (
    <div className="grid gap-2">
      <DataTable
        aria-label={caption}
        rows={genres}
        rowKey={(g) => g.category}
        columns={[
          { header: caption, cell: (g) => g.category },
          { header: "Players", cell: (g) => compactNumber(g.players) },
          { header: "Change", cell: (g) => formatPercent(g.change) },
          ...(volatility
            ? [{ header: "Volatility", cell: (g: Genre) => `${g.volatilityScore?.toFixed(1)} / 10` }]
            : []),
        ]}
      />
      <CatalogSourceNote provenance={provenance} />
      <ExportCsvButton
        className="justify-self-start"
        fileName={fileName}
        aria-label={`Export CSV of ${caption}`}
        disabled={genres.length === 0}
        data={() =>
          volatility
            ? {
                header: ["genre", "players (players)", "change (%)", "volatility (0-10)"],
                rows: genres.map((g) => [g.category, g.players, g.change, g.volatilityScore ?? null]),
              }
            : {
                header: ["genre", "players (players)", "change (%)"],
                rows: genres.map((g) => [g.category, g.players, g.change]),
              }
        }
      />
    </div>
  );
}
