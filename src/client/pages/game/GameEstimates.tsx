import { useQuery } from "@tanstack/react-query";
import { EstimatesPanel } from "../../../ui/estimates-panel/index.ts";
import { gameEstimatesQuery } from "../../queries/estimates.ts";

/** The game's owners, units and revenue estimates (issue 11), computed when its inputs last changed. */
export function GameEstimates({ id, className }: { id: string; className?: string }) {
  const { data, isLoading, error } = useQuery(gameEstimatesQuery(id));
  return (
    <EstimatesPanel
      estimate={data}
      loading={isLoading}
      error={error ? error.message : null}
      className={className}
    />
  );
}
