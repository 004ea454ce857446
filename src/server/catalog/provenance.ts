import type { Provenance } from "../../contracts/provenance.ts";
import { sourceName } from "./source-names.ts";

/** How people read a stored source id: one list for every screen (source-names.ts). */
export const sourceLabel = sourceName;

/** A provenance from a stored source id and a time (ms, Date or ISO text). */
export function provenanceOf(
  source: string | string[],
  asOf: number | string | Date | null | undefined,
  method?: string,
): Provenance {
  const sources = [...new Set(Array.isArray(source) ? source : [source])].map(sourceLabel);
  const time =
    asOf == null || asOf === ""
      ? null
      : new Date(typeof asOf === "number" || asOf instanceof Date ? asOf : Date.parse(asOf)).toISOString();
  return { source: sources.join(", ") || "none", asOf: time, ...(method ? { method } : {}) };
}
