import type { EstimateSums } from "../../contracts/market.ts";
import { readRows } from "../db/client.ts";
import { MODEL_VERSION, OF_CURRENT_MODEL } from "../estimates/coefficients.ts";
import { modelCoversSql } from "../estimates/model.ts";

/** A game's stored P50s, as its row on a company page shows them. */
export interface GameEstimateP50 {
  owners: number;
  revenue: number | null;
}

/**
 * Sums of the stored estimates of a set of games (issue 11), one computation for the company pages
 * and the screener's market size. A game the owners model does not cover (not on Steam, no Steam
 * signal: modelCovers, here modelCoversSql) is counted apart and left out: its stored range is the
 * spread of owners across Steam games, not a figure for it. Revenue is summed over the games with a
 * revenue estimate (a known price); the others are counted (`gamesWithoutRevenue`), not added as 0.
 */
export async function sumStoredEstimates(ids: readonly string[]): Promise<{
  estimates: EstimateSums | null;
  outsideModel: number;
  perGame: Map<string, GameEstimateP50>;
}> {
  const perGame = new Map<string, GameEstimateP50>();
  if (ids.length === 0) return { estimates: null, outsideModel: 0, perGame };
  const rows = await readRows(
    `SELECT e.game_id, ${modelCoversSql("e", "g")} AS covered, e.owners_low, e.owners_mid, e.owners_high,
            e.gross_low, e.gross_mid, e.gross_high, e.as_of
     FROM game_estimates e JOIN games g ON g.id = e.game_id
     WHERE ${OF_CURRENT_MODEL} AND e.game_id IN (SELECT value FROM json_each(?))`,
    [MODEL_VERSION, JSON.stringify(ids)],
  );
  const owners = { low: 0, mid: 0, high: 0 };
  const gross = { low: 0, mid: 0, high: 0 };
  let games = 0;
  let withRevenue = 0;
  let outsideModel = 0;
  let newest = 0;
  for (const r of rows) {
    if (!Number(r.covered)) {
      outsideModel++;
      continue;
    }
    games++;
    const revenue = r.gross_mid == null ? null : Number(r.gross_mid);
    perGame.set(String(r.game_id), { owners: Number(r.owners_mid), revenue });
    owners.low += Number(r.owners_low);
    owners.mid += Number(r.owners_mid);
    owners.high += Number(r.owners_high);
    if (revenue != null) {
      withRevenue++;
      gross.low += Number(r.gross_low ?? revenue);
      gross.mid += revenue;
      gross.high += Number(r.gross_high ?? revenue);
    }
    newest = Math.max(newest, Number(r.as_of ?? 0));
  }
  if (games === 0) return { estimates: null, outsideModel, perGame };
  return {
    estimates: {
      games,
      owners,
      grossRevenue: withRevenue > 0 ? gross : null,
      gamesWithoutRevenue: games - withRevenue,
      provenance: {
        source: "Estimates per game",
        asOf: newest ? new Date(newest).toISOString() : null,
        method: `Sum of the games' P50 (P10 and P90 summed as a loose bracket), games the owners model covers (on Steam or with a Steam signal); revenue over the games with a known price; model ${MODEL_VERSION}`,
      },
    },
    outsideModel,
    perGame,
  };
}
