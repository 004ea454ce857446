import { SEARCH_MAX_LIMIT, type SearchResult } from "../../contracts/games.ts";
import { placeholders, rawClient } from "../db/client.ts";
import { normalizeName } from "./normalize.ts";
import { withFigures } from "./player-figures.ts";
import { onIndexedGamesChanged, searchIndex } from "./search-index.ts";
import { toGameSummary } from "./shapes.ts";

/**
 * Catalog search (issue 4, issue 13). User input is cut into words (letters and digits only, accents
 * folded), each a prefix, all required. The in-memory index (search-index.ts) finds the few hundred
 * most popular games whose names hold every word — or, when names give fewer, whose developer,
 * publisher or tags do. Ranking mixes how well the name matches (every word, a prefix of the name, the
 * exact name) with popularity; only the answered few are then read from the database.
 */
const CANDIDATES = 300;

/**
 * What results show of recently answered games: reading and shaping 20 whole rows cost about a
 * millisecond, 40 times what finding them costs. Dropped per game as the change log names it.
 */
type Summary = ReturnType<typeof toGameSummary>;
const summaries = new Map<string, Summary>();
const SUMMARIES_MAX = 5000;
/** Moves with every change: a read that was in flight across one does not store what it read. */
let summariesGeneration = 0;
onIndexedGamesChanged((ids) => {
  summariesGeneration++;
  if (ids === null) summaries.clear();
  else for (const id of ids) summaries.delete(id);
});

export function searchTokens(q: string): string[] {
  return (
    q
      .replace(/[™®©℠]/g, "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      // As in normalizeName: "Baldur's" is the one word "baldurs" (the index holds both forms).
      .replace(/['’`]/g, "")
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 8)
  );
}

export function buildMatchExpression(q: string): string | null {
  const tokens = searchTokens(q);
  if (tokens.length === 0) return null;
  return tokens.map((t) => `"${t.replace(/"/g, "")}"*`).join(" ");
}

export type { SearchResult };

export async function searchGames(q: string, limit = 20): Promise<SearchResult[]> {
  const tokens = searchTokens(q);
  if (tokens.length === 0) return [];
  const candidates = (await searchIndex()).candidates(tokens, CANDIDATES);
  // Rank by how well the name matches, then by popularity (candidates come most popular first, and
  // the sort is stable).
  const wanted = normalizeName(q);
  const scored = candidates.map((game) => {
    const name = game.normalizedName;
    // Words of the normalised name that start with the token: at the start, or after a space (the
    // name is single-spaced, and tokens have none). No split: this runs for every candidate.
    let inName = 0;
    for (const t of tokens) if (name.startsWith(t) || name.includes(` ${t}`)) inName++;
    let score = (inName / tokens.length) * 10 + game.popularity * 0.5;
    if (name === wanted) score += 25;
    else if (name.startsWith(wanted)) score += 8;
    return { id: game.id, score: Math.round(score * 100) / 100 };
  });
  scored.sort((a, b) => b.score - a.score);
  // Only the answered few are read whole and turned into the API shape.
  const top = scored.slice(0, Math.min(limit, SEARCH_MAX_LIMIT));
  const missing = top.filter(({ id }) => !summaries.has(id)).map(({ id }) => id);
  const read = new Map<string, Summary>();
  if (missing.length) {
    const generation = summariesGeneration;
    const full = await rawClient().execute({
      sql: `SELECT * FROM games WHERE id IN (${placeholders(missing.length)})`,
      args: missing,
    });
    for (const row of full.rows) {
      const summary = toGameSummary(row as unknown as Record<string, unknown>);
      read.set(String(row.id), summary);
      if (generation !== summariesGeneration) continue;
      if (summaries.size >= SUMMARIES_MAX) summaries.delete(summaries.keys().next().value!);
      summaries.set(String(row.id), summary);
    }
  }
  // Player figures come from the series, not the games row: read for every answer.
  return withFigures(
    top.flatMap(({ id, score }) => {
      const summary = read.get(id) ?? summaries.get(id);
      return summary ? [{ ...summary, score }] : [];
    }),
  );
}
