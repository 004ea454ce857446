import { SEARCH_MAX_LIMIT, type SearchResult } from "../../contracts/games.ts";
import { dataVersion, placeholders, rawClient } from "../db/client.ts";
import { normalizeName } from "./normalize.ts";
import { withFigures } from "./player-figures.ts";
import { searchIndex } from "./search-index.ts";
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
 * Recently answered games as results show them (the row's summary and the player figures from the
 * series): reading and shaping them cost more than the rest of a search together. Kept only while
 * nothing commits to the database (`dataVersion()`, as the session cache), so no write anywhere —
 * a game, a series point, another process — can leave an answer stale.
 */
type Shown = Awaited<ReturnType<typeof withFigures<ReturnType<typeof toGameSummary>>>>[number];
const shown = new Map<string, Shown>();
let shownVersion: number | null = null;
const SHOWN_MAX = 5000;

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
  const version = dataVersion();
  if (version !== shownVersion) {
    shown.clear();
    shownVersion = version;
  }
  const missing = top.filter(({ id }) => !shown.has(id)).map(({ id }) => id);
  const read = new Map<string, Shown>();
  if (missing.length) {
    const full = await rawClient().execute({
      sql: `SELECT * FROM games WHERE id IN (${placeholders(missing.length)})`,
      args: missing,
    });
    const games = await withFigures(
      full.rows.map((row) => toGameSummary(row as unknown as Record<string, unknown>)),
    );
    // Stored only when nothing committed while they were read.
    const keep = version !== null && dataVersion() === version;
    for (const game of games) {
      read.set(game.gameId, game);
      if (!keep) continue;
      if (shown.size >= SHOWN_MAX) shown.delete(shown.keys().next().value!);
      shown.set(game.gameId, game);
    }
  }
  return top.flatMap(({ id, score }) => {
    const game = read.get(id) ?? shown.get(id);
    return game ? [{ ...game, score }] : [];
  });
}
