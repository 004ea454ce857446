import { useQuery } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import type { Provenance } from "../../contracts/provenance.ts";
import { SourceNote } from "../../ui/source-note/index.ts";
import { catalogStateQuery } from "../queries/catalog.ts";

type Props = Omit<ComponentProps<typeof SourceNote>, "demo" | "provenance"> & {
  /** The figures' own source and time. */
  provenance?: Provenance | Provenance[] | null | undefined;
  /** The figures are counted over the whole catalog: also name its sources, each at its newest. */
  catalog?: boolean;
};

/**
 * The source note of a card, list or chart whose figures come from the games catalog (games, their
 * series, the aggregates over them). While any generated demo game exists it also says "demo"
 * (issue 9 §1): one answer from the server, so every such note on every screen agrees.
 */
export function CatalogSourceNote({ provenance, catalog = false, ...props }: Props) {
  const state = useQuery(catalogStateQuery).data;
  const own = Array.isArray(provenance) ? provenance : provenance ? [provenance] : [];
  return (
    <SourceNote
      {...props}
      provenance={catalog ? [...own, ...(state?.provenance ?? [])] : own}
      demo={state?.demo ?? false}
    />
  );
}
