import { insertValues } from "../catalog/write.ts";
import { query, run, type TxWork, writeTransaction } from "../db/write-transaction.ts";

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
  for (let i = 0; i < bands.length; i += BANDS_PER_TRANSACTION) {
    const part = bands.slice(i, i + BANDS_PER_TRANSACTION);
    await writeTransaction(() => recordOwnerBandsIn(part));
  }
}

const BANDS_PER_TRANSACTION = 2000;
const BAND_HEAD = "INSERT INTO game_owner_bands (game_id, source, low, high, as_of)";
const BAND_CONFLICT = `ON CONFLICT (game_id, source) DO UPDATE SET low = excluded.low, high = excluded.high, as_of = excluded.as_of
       WHERE excluded.as_of >= game_owner_bands.as_of
         AND (game_owner_bands.low, game_owner_bands.high, game_owner_bands.as_of) IS NOT (excluded.low, excluded.high, excluded.as_of)`;
const BANDS_PER_STATEMENT = 1000;

/**
 * Stores bands inside the caller's write transaction; answers the ids of the games whose band changed.
 * A band is an input of the game's estimate: a changed one logs its game in `catalog_changes`, as a
 * change to the game's row does (by trigger), so the server's estimates follow it
 * (store.ts, catchUpEstimates) — except for the games in `fresh`, created in this transaction and
 * logged by their insert already (most of a large import's bands).
 */
export function* recordOwnerBandsIn(
  bands: OwnersBandRecord[],
  fresh?: ReadonlySet<string>,
): TxWork<string[]> {
  const changed: string[] = [];
  // The bands of games created in this transaction (most of an import's) are new rows: each such game's
  // first band is inserted, so the game is named without asking SQLite to answer every row back.
  const freshValues: unknown[] = [];
  const others: OwnersBandRecord[] = fresh ? [] : bands;
  if (fresh)
    for (const b of bands) {
      if (!fresh.has(b.gameId)) others.push(b);
      else {
        freshValues.push(b.gameId, b.source, b.low, b.high, b.asOf.getTime());
        changed.push(b.gameId);
      }
    }
  yield* insertValues(BAND_HEAD, 5, freshValues, BANDS_PER_STATEMENT, BAND_CONFLICT);
  for (let i = 0; i < others.length; i += BANDS_PER_STATEMENT) {
    const part = others.slice(i, i + BANDS_PER_STATEMENT);
    const args: unknown[] = [];
    for (const b of part) args.push(b.gameId, b.source, b.low, b.high, b.asOf.getTime());
    const rows = yield* query(
      `${BAND_HEAD} VALUES ${part.map(() => "(?,?,?,?,?)").join(",")} ${BAND_CONFLICT} RETURNING game_id`,
      args,
    );
    for (const r of rows) changed.push(String(r.game_id));
  }
  const log = fresh ? changed.filter((id) => !fresh.has(id)) : changed;
  if (log.length)
    yield* run("INSERT INTO catalog_changes (game_id) SELECT value FROM json_each(?)", [JSON.stringify(log)]);
  return changed;
}
