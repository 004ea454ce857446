import { useQuery } from "@tanstack/react-query";
import type { PublishedSales } from "../../../contracts/game-page.ts";
import { EstimatesPanel } from "../../../ui/estimates-panel/index.ts";
import { gameEstimatesQuery } from "../../queries/estimates.ts";

/**
 * The game's owners, units and revenue estimates (issue 11), computed when its inputs last changed;
 * for a game the model does not cover, its published units (`published`) in their place.
 */
export function GameEstimates({
  id,
  published,
  className,
  exportFileName,
}: {
  id: string;
  published?: PublishedSales | null;
  className?: string;
  /** The Methods table's CSV file name. */
  exportFileName?: string;
}) {
  const { data, isLoading, error } = useQuery(gameEstimatesQuery(id));
  return (
    <EstimatesPanel
      estimate={data}
      published={published}
      loading={isLoading}
      error={error ? error.message : null}
      className={className}
      exportFileName={exportFileName}
    />
  );
}
