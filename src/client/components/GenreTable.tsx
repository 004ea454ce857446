import { DataTable } from "../../ui/table/index.ts";
import { compactNumber, formatPercent } from "../format/numbers.ts";

export interface Genre {
  category: string;
  players: number;
  volatilityScore: number;
  change: number;
}

/** Genres with players, change and volatility (reports and the Overview's market analysis). */
export function GenreTable({ genres, caption }: { genres: Genre[]; caption: string }) {
  return (
    <DataTable
      rows={genres}
      rowKey={(g) => g.category}
      columns={[
        { header: caption, cell: (g) => g.category },
        { header: "Players", cell: (g) => compactNumber(g.players) },
        { header: "Change", cell: (g) => formatPercent(g.change) },
        { header: "Volatility", cell: (g) => `${g.volatilityScore.toFixed(1)} / 10` },
      ]}
    />
  );
}
