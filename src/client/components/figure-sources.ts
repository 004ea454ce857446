import type { Provenance } from "../../contracts/provenance.ts";

/** A game in a list with the sources of its figures: the catalog's cards and the Games Database's. */
export interface WithFigureSources {
  provenance?: Provenance | null;
  figureSources?: Provenance[];
}

/**
 * The figures' sources for a card's footnote, each with its own date where the answer gives them (a
 * 2019 snapshot beside a 2023 dataset reads "… · May 2019; … · Jun 2023", not both under one date).
 */
export function figureNotes(game: WithFigureSources): Provenance[] {
  if (game.figureSources?.length) return game.figureSources;
  return game.provenance ? [game.provenance] : [];
}

/**
 * The CSV's "sources (each as of)" cell: each source with the day of its own newest figure,
 * "SteamSpy (2023-06-01); Steam Store Games (undated)"; null when the answer lists none.
 */
export function figureSourcesCell(game: WithFigureSources): string | null {
  if (!game.figureSources?.length) return null;
  return game.figureSources.map((p) => `${p.source} (${p.asOf?.slice(0, 10) ?? "undated"})`).join("; ");
}
