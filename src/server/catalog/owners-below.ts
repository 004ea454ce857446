import type { OwnersBelow } from "../../contracts/market.ts";
import { sourceName } from "./source-names.ts";

/**
 * What a source says of the owners of a game it gives no owners figure: SteamSpy's lowest band,
 * "0 .. 20,000", has no lower end, so it is no figure (the importers store none) but "below 20,000".
 * A column of a `games` row query: the game's newest band (as the estimates read it) when the game has
 * no owners figure; `ownersBelow` reads it back.
 */
export const OWNERS_BAND_COLUMN = `CASE WHEN games.owners_estimate IS NULL THEN (
  SELECT json_array(b.low, b.high, b.source, b.as_of) FROM game_owner_bands b
  WHERE b.game_id = games.id ORDER BY b.as_of DESC, b.source LIMIT 1) END AS owners_band`;

/** The band's top with its source and time when the band has no lower end; null otherwise. */
export function ownersBelow(column: unknown): OwnersBelow | null {
  if (typeof column !== "string") return null;
  const [low, high, source, asOf] = JSON.parse(column) as [number, number, string, number];
  if (low !== 0) return null;
  return { high, source: sourceName(source), asOf: new Date(asOf).toISOString() };
}
