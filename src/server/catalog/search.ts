import { SEARCH_MAX_LIMIT, type SearchResult } from "../../contracts/games.ts";
import { placeholders, rawClient } from "../db/client.ts";
import { normalizeName } from "./normalize.ts";
import { withFigures } from "./player-figures.ts";
import { toGameSummary } from "./shapes.ts";

/**
 * Full-text search (issue 4). User input never reaches FTS5 syntax: it is cut into words (letters and
 * digits only, accents folded), each quoted and made a prefix, all required. Ranking mixes how well
 * the name matches (every word, a prefix of the name, the exact name) with popularity, among the most
 * popular few hundred matches rather than all of them: scoring tens of thousands of prefix matches
 * with bm25 is what makes short queries slow (STACK.md).
 */
const CANDIDATES = 300;
/** What ranking reads of each candidate; the few answered are then read whole. */
const RANKING_COLUMNS = "id, normalized_name, popularity";
/** Above this many text matches a term counts as common (see phase 1). */
const DENSE = 2000;

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
  const match = buildMatchExpression(q);
  if (!match) return [];
  // Phase 1: the most popular few hundred matches. Density is judged on names alone: a word that is
  // common among developers or tags ("iron" in "Iron Fox Studios") but rare in names must not send the
  // query down the index walk, which would then scan the whole table for the few names that match.
  // - Rare in names: every name match, plus (bounded) developer/publisher/tag matches, by popularity.
  // - Common in names ("sha" can match tens of thousands): walk the popularity index and keep the names
  //   that contain every word — at least 1 row in DENSE/N matches, so it stops after a bounded scan.
  const client = rawClient();
  const tokens = searchTokens(q);
  const probe = await client.execute({
    sql: `SELECT rowid FROM games_fts WHERE games_fts MATCH ? LIMIT ${DENSE}`,
    args: [`{name normalized_name} : (${match})`],
  });
  let rs: Awaited<ReturnType<typeof client.execute>>;
  if (probe.rows.length < DENSE) {
    // Matches on developer, publisher or tags only: a bounded sample (name matches rank above them).
    const others = await client.execute({
      sql: `SELECT rowid FROM games_fts WHERE games_fts MATCH ? LIMIT ${CANDIDATES}`,
      args: [match],
    });
    const rowids = [...new Set([...probe.rows, ...others.rows].map((r) => Number(r.rowid)))];
    rs = await client.execute({
      sql: `SELECT ${RANKING_COLUMNS} FROM games WHERE rowid IN (${placeholders(rowids.length) || "NULL"})
            ORDER BY popularity DESC LIMIT ${CANDIDATES}`,
      args: rowids,
    });
  } else {
    rs = await client.execute({
      sql: `SELECT ${RANKING_COLUMNS} FROM games WHERE ${tokens.map(() => "(' ' || normalized_name) LIKE ? ESCAPE '\\'").join(" AND ")}
            ORDER BY popularity DESC LIMIT ${CANDIDATES}`,
      args: tokens.map((t) => `% ${t.replace(/[\\%_]/g, "\\$&")}%`),
    });
  }
  // Phase 2: rank those by how well the name matches, then by popularity.
  const wanted = normalizeName(q);
  const queryTokens = tokens;
  const scored = rs.rows.map((row) => {
    const name = String(row.normalized_name ?? "");
    const nameTokens = name.split(" ");
    const inName = queryTokens.filter((t) => nameTokens.some((n) => n.startsWith(t))).length;
    let score = (inName / queryTokens.length) * 10 + Number(row.popularity) * 0.5;
    if (name === wanted) score += 25;
    else if (name.startsWith(wanted)) score += 8;
    return { row, score: Math.round(score * 100) / 100 };
  });
  scored.sort((a, b) => b.score - a.score);
  // Only the answered few are read whole and turned into the API shape.
  const top = scored.slice(0, Math.min(limit, SEARCH_MAX_LIMIT));
  if (top.length === 0) return [];
  const full = await client.execute({
    sql: `SELECT * FROM games WHERE id IN (${placeholders(top.length)})`,
    args: top.map(({ row }) => String(row.id)),
  });
  const byId = new Map(full.rows.map((row) => [String(row.id), row]));
  return withFigures(
    top.flatMap(({ row, score }) => {
      const game = byId.get(String(row.id));
      return game ? [{ ...toGameSummary(game as unknown as Record<string, unknown>), score }] : [];
    }),
  );
}
