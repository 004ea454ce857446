import type { NewestRelease } from "../../../contracts/sources.ts";
import { formatDay } from "../../format/dates.ts";

/**
 * What the Games Database's Recent tab says beside "No games released in the past 30 days": where the
 * catalog's release dates end, and from which source (report r31-a #5: the snapshot's end in May
 * 2019 read as a market without releases).
 */
export function newestReleaseText(newest: NewestRelease): string {
  if (newest.date == null) return "The catalog holds no release dates yet.";
  const sources = [...new Set(newest.provenance.map((p) => p.source))];
  const from =
    sources.length === 0
      ? ""
      : `, from ${sources.length === 1 ? sources[0] : `${sources.slice(0, -1).join(", ")} and ${sources.at(-1)}`}`;
  return `The newest release date in the catalog is ${formatDay(`${newest.date}T00:00:00Z`)}${from}.`;
}
