import type { OwnersBelow } from "../../contracts/market.ts";
import { compactNumber } from "../format/numbers.ts";
import { belowCell } from "../pages/game/owners-band.ts";

/**
 * A table's "Owners (source)" cell: the source's figure, or "< 20K" where the source gives none but a
 * band with no lower end (it says only "below 20,000"), its source and date in the title.
 */
export function ownersCell(row: { owners: number | null; ownersBelow: OwnersBelow | null }) {
  if (row.owners != null || !row.ownersBelow) return compactNumber(row.owners);
  const { text, title } = belowCell(row.ownersBelow);
  return (
    <span title={title} className="text-muted-foreground">
      {text}
    </span>
  );
}
