import type { EstimateSums } from "../../contracts/market.ts";
import { SourceNote } from "../../ui/source-note/index.ts";
import { estimatedGamesText, estimateSumTiles } from "./estimate-sums-text.ts";
import { StatTiles } from "./StatTiles.tsx";

/**
 * A set of games' summed estimates as company pages and the screener's market size show them: owners
 * and gross revenue tiles, how many of the games they cover (low-signal and outside the model said),
 * and their source.
 */
export function EstimateSumsView({
  estimates,
  games,
  outsideModel,
  testId,
}: {
  estimates: EstimateSums;
  /** The games of the page or filter, estimated or not. */
  games: number;
  outsideModel: number;
  testId?: string;
}) {
  return (
    <>
      <StatTiles className="md:grid-cols-2" testId={testId} tiles={estimateSumTiles(estimates)} />
      <p className="text-muted-foreground text-xs">{estimatedGamesText(estimates, games, outsideModel)}</p>
      <SourceNote provenance={estimates.provenance} />
    </>
  );
}
