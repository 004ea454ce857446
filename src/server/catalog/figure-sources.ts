import type { Provenance } from "../../contracts/provenance.ts";
import { placeholders, readRows } from "../db/client.ts";
import { provenanceOf } from "./provenance.ts";
import { figureMethod } from "./source-names.ts";

const CHUNK = 500;

/**
 * Each source of a game's review, rating, owner and price figures with the time of its own newest
 * figure, oldest first: the same points `figureProvenance` reads, but not one date for all of them (a
 * card read "Steam Store Games (Kaggle, CC BY 4.0), Steam via SteamSpy (dataset) · Jun 2023", dating the
 * May 2019 snapshot by SteamSpy). A critics' score counts only for a game without review counts, as
 * there; its source says so in `method`. Games without any such point are absent.
 */
export async function figureSources(ids: readonly string[]): Promise<Map<string, Provenance[]>> {
  const out = new Map<string, Provenance[]>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const rows = await readRows(
      `SELECT game_id, source, max(ts) AS ts, min(metric = 'critic_score') AS critics_only
       FROM game_metrics m
       WHERE game_id IN (${placeholders(part.length)})
         AND metric IN ('reviews_positive', 'reviews_negative', 'owners', 'price', 'critic_score')
         AND (metric != 'critic_score' OR NOT EXISTS (
           SELECT 1 FROM game_metrics r WHERE r.game_id = m.game_id AND r.metric IN ('reviews_positive', 'reviews_negative')))
       GROUP BY game_id, source
       ORDER BY game_id, max(ts), source`,
      part,
    );
    for (const row of rows) {
      const source = String(row.source);
      const p = provenanceOf(
        source,
        Number(row.ts),
        Number(row.critics_only) === 1 ? figureMethod(source, "critic_score") : undefined,
      );
      const list = out.get(String(row.game_id)) ?? [];
      // Two stored ids read the same way (a dataset and the live service): one entry, the newer time.
      const same = list.findIndex((q) => q.source === p.source);
      if (same >= 0) list.splice(same, 1);
      list.push(p);
      out.set(String(row.game_id), list);
    }
  }
  return out;
}
