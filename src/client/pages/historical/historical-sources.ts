import type { Provenance } from "../../../contracts/provenance.ts";
import type { HistoricalGame } from "../../../contracts/sources.ts";
import { describeAsOf } from "../../../ui/source-note/index.ts";

type Covered = { players: Provenance | null; reviews: Provenance | null; methods: Set<string> };

const newer = (a: Provenance | null, b: Provenance) =>
  a == null || (b.asOf != null && (a.asOf == null || Date.parse(b.asOf) > Date.parse(a.asOf))) ? b : a;

const when = (p: Provenance) => describeAsOf(p.asOf, undefined, p.asOfPrecision);

/**
 * The Historical Data tab's sources, each once with what it covers there (players, reviews) and the
 * time of each (review r27-a, item 8: "Steam via SteamSpy (dataset)" was listed three times, at Feb and
 * Mar 2023, once inside another source's entry): "Steam via SteamSpy (dataset): players · Feb 2023,
 * reviews · Mar 2023". Oldest first, as the provenance lists are.
 */
export function historicalSources(games: readonly HistoricalGame[]): Provenance[] {
  const bySource = new Map<string, Covered>();
  const covered = (source: string) => {
    let c = bySource.get(source);
    if (!c) {
      c = { players: null, reviews: null, methods: new Set() };
      bySource.set(source, c);
    }
    return c;
  };
  for (const g of games) {
    for (const p of [g.players?.provenance, ...(g.otherPlayerFigures ?? []).map((f) => f.provenance)]) {
      if (!p) continue;
      const c = covered(p.source);
      c.players = newer(c.players, p);
      if (p.method) c.methods.add(p.method);
    }
    const reviews = g.reviewSources ?? (g.reviewProvenance ? [g.reviewProvenance] : []);
    for (const p of reviews) {
      const c = covered(p.source);
      c.reviews = newer(c.reviews, p);
    }
  }
  const out = [...bySource.entries()].map(([source, c]) => {
    const parts = [
      c.players && { what: "players", p: c.players },
      c.reviews && { what: "reviews", p: c.reviews },
    ]
      .filter((x): x is { what: string; p: Provenance } => x != null)
      .sort((a, b) => Date.parse(a.p.asOf ?? "") - Date.parse(b.p.asOf ?? "") || 0);
    const last = parts.at(-1)!;
    const sameTime = parts.every((x) => when(x.p) === when(last.p));
    const text = sameTime
      ? parts.map((x) => x.what).join(" and ")
      : parts.map((x, i) => (i < parts.length - 1 ? `${x.what} · ${when(x.p)}` : x.what)).join(", ");
    const methods = [...c.methods];
    return {
      source: `${source}: ${text}`,
      asOf: last.p.asOf,
      ...(last.p.asOfPrecision ? { asOfPrecision: last.p.asOfPrecision } : {}),
      ...(methods.length ? { method: methods.join("; ") } : {}),
    } satisfies Provenance;
  });
  return out.sort(
    (a, b) => (a.asOf == null ? 0 : Date.parse(a.asOf)) - (b.asOf == null ? 0 : Date.parse(b.asOf)),
  );
}
