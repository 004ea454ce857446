import { rawClient } from "../db/client.ts";
import { normalizeName } from "./normalize.ts";
import { type GameSummary, toGameSummary } from "./shapes.ts";

/**
 * Full-text search (issue 4). User input never reaches FTS5 syntax: it is cut into words (letters and
 * digits only, accents folded), each quoted and made a prefix, all required. Ranking mixes text
 * relevance (bm25, the name weighted most) with popularity, among the most popular few hundred
 * matches rather than all of them (STACK.md: ranking 46,000 prefix matches by bm25 costs ~55 ms).
 */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LIMIT = 50;
const CANDIDATES = 300;

export function searchTokens(q: string): string[] {
  return q
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

export function buildMatchExpression(q: string): string | null {
  const tokens = searchTokens(q);
  if (tokens.length === 0) return null;
  return tokens.map((t) => `"${t.replace(/"/g, "")}"*`).join(" ");
}

export interface SearchResult extends GameSummary {
  score: number;
}

export async function searchGames(q: string, limit = 20): Promise<SearchResult[]> {
  const match = buildMatchExpression(q);
  if (!match) return [];
  const rs = await rawClient().execute({
    sql: `SELECT g.*, bm25(games_fts, 10.0, 2.0, 2.0, 1.0) AS text_score
          FROM games_fts JOIN games g ON g.rowid = games_fts.rowid
          WHERE games_fts MATCH ?
          ORDER BY g.popularity DESC
          LIMIT ${CANDIDATES}`,
    args: [match],
  });
  const wanted = normalizeName(q);
  const scored = rs.rows.map((row) => {
    const name = String(row.normalized_name ?? "");
    let score = -Number(row.text_score) + Number(row.popularity) * 0.5;
    if (name === wanted) score += 25;
    else if (name.startsWith(wanted)) score += 8;
    return {
      ...toGameSummary(row as unknown as Record<string, unknown>),
      score: Math.round(score * 100) / 100,
    };
  });
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, Math.min(limit, SEARCH_MAX_LIMIT));
}
