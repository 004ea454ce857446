import { rawClient } from "../db/client.ts";

/**
 * Owners bands as sources publish them. SteamSpy answers owners as a range (`20000-50000` in the
 * Steam Store Games dump, `"10,000,000 .. 20,000,000"` from its API); the estimator reads the
 * range and its width, so importers keep it whole next to the midpoint they store as a figure.
 */
export interface OwnersBand {
  low: number;
  high: number;
}

/** `20000-50000`, `"10,000,000 .. 20,000,000"` → {low, high}; empty or anything else → null. */
export function parseOwnersBand(value: string | undefined | null): OwnersBand | null {
  const m = value?.replace(/,/g, "").match(/^\s*(\d+)\s*(?:-|\.\.)\s*(\d+)\s*$/);
  if (!m) return null;
  const low = Number(m[1]);
  const high = Number(m[2]);
  return high > low ? { low, high } : null;
}

export interface OwnersBandRecord extends OwnersBand {
  gameId: string;
  source: string;
  asOf: Date;
}

/** Stores bands (one per game and source; a newer measurement replaces an older one). */
export async function recordOwnerBands(bands: OwnersBandRecord[]): Promise<void> {
  const client = rawClient();
  for (let i = 0; i < bands.length; i += 2000) {
    const rows = bands.slice(i, i + 2000).map((b) => [b.gameId, b.source, b.low, b.high, b.asOf.getTime()]);
    await client.execute({
      sql: `INSERT INTO game_owner_bands (game_id, source, low, high, as_of)
            SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(?) WHERE true
            ON CONFLICT (game_id, source) DO UPDATE SET low = excluded.low, high = excluded.high, as_of = excluded.as_of
            WHERE excluded.as_of >= game_owner_bands.as_of`,
      args: [JSON.stringify(rows)],
    });
  }
}
