import type { Provenance } from "../../contracts/provenance.ts";

/** The provenances of a list's rows, each once (rows of one series share theirs). */
export function distinctProvenance(list: ReadonlyArray<Provenance | null | undefined>): Provenance[] {
  const seen = new Map<string, Provenance>();
  for (const p of list) if (p) seen.set(`${p.source}|${p.asOf}|${p.method ?? ""}`, p);
  return [...seen.values()];
}
