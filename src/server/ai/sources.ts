import type { Provenance } from "../../contracts/provenance.ts";
import { figureProvenance, playerFigures } from "../catalog/player-figures.ts";
import { catalogProvenance } from "../catalog/screener.ts";

/**
 * What data a result rests on and its time: the player and other series of the games it used, and
 * the catalog's own sources when it read the whole catalog (a segment, the market). One entry per
 * source, at its newest time (the methods differ per figure, so none is named). The chat's answers
 * and the four analyses both say it (issue 9 §3: the time of the data, not of the request).
 */
export async function dataSources(
  gameIds: Iterable<string>,
  options: { catalog: boolean },
): Promise<Provenance[]> {
  const ids = [...new Set(gameIds)];
  const [players, figures, catalog] = await Promise.all([
    ids.length ? playerFigures(ids) : Promise.resolve(new Map()),
    ids.length ? figureProvenance(ids) : Promise.resolve(new Map<string, Provenance>()),
    options.catalog ? catalogProvenance() : Promise.resolve([]),
  ]);
  const newest = new Map<string, string | null>();
  for (const p of [...[...players.values()].map((f) => f.provenance), ...figures.values(), ...catalog]) {
    const known = newest.get(p.source);
    if (known === undefined || (p.asOf != null && (known == null || p.asOf > known)))
      newest.set(p.source, p.asOf);
  }
  return [...newest].map(([source, asOf]) => ({ source, asOf }));
}
