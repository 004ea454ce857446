import { z } from "zod";

/**
 * Where a figure comes from and when (ARCHITECTURE.md "Nothing on a screen is a made-up number").
 * Every figure and series the API answers carries one: `source` names the dataset or service,
 * `asOf` is the time of the data itself (not of the request), and `method` says how a computed
 * figure was derived from its inputs.
 */
export const ProvenanceSchema = z.object({
  /** Dataset or service, as a person reads it: "Steam via SteamSpy", "SteamCharts", "Newzoo". */
  source: z.string(),
  /** ISO 8601 time of the data; null when the source does not date it. */
  asOf: z.string().nullable(),
  /** How a computed figure was derived ("7-day average of daily players"); absent for raw figures. */
  method: z.string().optional(),
  /**
   * `month` when the source dates its figures by the month only (the Steam Store Games snapshot, May
   * 2019): `asOf` is the month's first instant, and screens write the month ("May 2019"), never the day.
   */
  asOfPrecision: z.literal("month").optional(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

/** One provenance, several (some missing) or none, as the list of those there are. */
export function provenanceList(
  provenance: Provenance | ReadonlyArray<Provenance | null | undefined> | null | undefined,
): Provenance[] {
  if (provenance == null) return [];
  if (Array.isArray(provenance)) return provenance.filter((p): p is Provenance => p != null);
  return [provenance as Provenance];
}

/** The newest of these ISO times, or null when none is there. */
export function newestTime(times: ReadonlyArray<string | null | undefined>): string | null {
  return (
    times
      .filter((t): t is string => t != null)
      .sort((a, b) => Date.parse(a) - Date.parse(b))
      .at(-1) ?? null
  );
}

/**
 * Several sources named together ("SteamSpy; SteamCharts", each once), dated by the newest of their
 * times, as a source note reads them; nulls when there is none. The one reading of it the exports use.
 */
export function namedTogether(
  provenance: Provenance | ReadonlyArray<Provenance | null | undefined> | null | undefined,
): { source: string | null; asOf: string | null } {
  const list = provenanceList(provenance);
  return {
    source: [...new Set(list.map((p) => p.source))].join("; ") || null,
    asOf: newestTime(list.map((p) => p.asOf)),
  };
}

/**
 * Each source once, at the newest of its times (with that figure's method and precision), oldest
 * first: a list's source line (review r25 #6: the Dashboard watchlist read "…, Steam via SteamSpy
 * (dataset) · May 2023; Steam via SteamSpy (dataset) · May 2023").
 */
export function oncePerSource(
  provenance: ReadonlyArray<Provenance | null | undefined> | null | undefined,
): Provenance[] {
  const bySource = new Map<string, Provenance>();
  for (const p of provenanceList(provenance)) {
    const kept = bySource.get(p.source);
    if (!kept || (p.asOf != null && (kept.asOf == null || Date.parse(p.asOf) > Date.parse(kept.asOf))))
      bySource.set(p.source, p);
  }
  return [...bySource.values()].sort(
    (a, b) => (a.asOf == null ? 0 : Date.parse(a.asOf)) - (b.asOf == null ? 0 : Date.parse(b.asOf)),
  );
}
