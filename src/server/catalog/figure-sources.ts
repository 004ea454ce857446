import type { Provenance } from "../../contracts/provenance.ts";
import { placeholders, readRows } from "../db/client.ts";
import { provenanceOf } from "./provenance.ts";
import { figureMethod } from "./source-names.ts";

const CHUNK = 500;

/** A game's figures' sources: each with its own time (`sources`), and all of them as one (`provenance`). */
export interface GameFigureSources {
  /**
   * Each source of a game's review, rating, owner and price figures with the time of its own newest
   * figure, oldest first: not one date for all of them (a card read "Steam Store Games (Kaggle, CC BY
   * 4.0), Steam via SteamSpy (dataset) · Jun 2023", dating the May 2019 snapshot by SteamSpy).
   */
  sources: Map<string, Provenance[]>;
  /**
   * The same sources as one provenance at the newest of their times; a rating that is a critics'
   * score alone (no other figure) is named by its method.
   */
  provenance: Map<string, Provenance>;
}

/**
 * Where each game's other figures (reviews, rating, owners, price) come from and when, from one read
 * of their points (review 19, item 7: the list paths read them once for both answers). A critics'
 * score counts only for a game without review counts (a game with them shows their positive share as
 * its rating); its source says so in `method`. Games without any such point are absent from both.
 */
export async function gameFigureSources(ids: readonly string[]): Promise<GameFigureSources> {
  const sources = new Map<string, Provenance[]>();
  const provenance = new Map<string, Provenance>();
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
    const byGame = new Map<string, Array<{ source: string; ts: number; criticsOnly: boolean }>>();
    for (const row of rows) {
      const gameId = String(row.game_id);
      const entry = {
        source: String(row.source),
        ts: Number(row.ts),
        criticsOnly: Number(row.critics_only) === 1,
      };
      const list = byGame.get(gameId);
      if (list) list.push(entry);
      else byGame.set(gameId, [entry]);
    }
    for (const [gameId, entries] of byGame) {
      const list: Provenance[] = [];
      for (const e of entries) {
        const p = provenanceOf(
          e.source,
          e.ts,
          e.criticsOnly ? figureMethod(e.source, "critic_score") : undefined,
        );
        // Two stored ids read the same way (a dataset and the live service): one entry, the newer time.
        const same = list.findIndex((q) => q.source === p.source);
        if (same >= 0) list.splice(same, 1);
        list.push(p);
      }
      sources.set(gameId, list);
      // All of them as one: the newest time; the critics' method when every figure is a critics' score
      // (named by the first source id, as stored ids sort).
      const stored = entries.map((e) => e.source);
      const first = [...stored].sort()[0]!;
      provenance.set(
        gameId,
        provenanceOf(
          stored,
          Math.max(...entries.map((e) => e.ts)),
          entries.every((e) => e.criticsOnly) ? figureMethod(first, "critic_score") : undefined,
        ),
      );
    }
  }
  return { sources, provenance };
}

/** Each game's figures' sources, each with its own time (`GameFigureSources.sources`). */
export async function figureSources(ids: readonly string[]): Promise<Map<string, Provenance[]>> {
  return (await gameFigureSources(ids)).sources;
}
