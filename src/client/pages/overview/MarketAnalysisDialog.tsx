import type { GenreTrendRow } from "../../../contracts/games.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../ui/dialog/index.ts";
import { GenreTable } from "../../components/GenreTable.tsx";
import { GenreSeriesEmpty } from "../../components/ProductState.tsx";
import { distinctProvenance } from "../../format/provenance.ts";

export interface MarketAnalysisDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  genres: GenreTrendRow[] | undefined;
}

/** The Overview's "Market analysis": genres by players, change and volatility. */
export default function MarketAnalysisDialog({ open, onOpenChange, genres }: MarketAnalysisDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Market analysis</DialogTitle>
          <DialogDescription>
            Genres by players in the latest week or month of the window the source note names, their change
            over that window, and how volatile they are (0–10).
          </DialogDescription>
        </DialogHeader>
        {!genres?.length ? (
          <GenreSeriesEmpty />
        ) : (
          <GenreTable
            genres={genres}
            caption="Genre"
            provenance={distinctProvenance(genres.map((g) => g.provenance))}
            fileName="market-analysis-genres"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
