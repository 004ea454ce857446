import type { GameListPage, GameListQuery, GameSort } from "../../contracts/games.ts";
import { readRows } from "../db/client.ts";
import {
  byName,
  byNumber,
  byText,
  CatalogIndex,
  catalogIndex,
  compareText,
  playersOrderKey,
  topK,
} from "./catalog-index.ts";
import { withShownFigures } from "./player-figures.ts";
import { toGameSummary } from "./shapes.ts";

/**
 * The paged catalog list (`GET /api/games`). Filters match one genre, platform or tag exactly (ASCII
 * case folded, as SQLite's NOCASE); the matching, ordering and count come from the in-memory catalog
 * index (catalog-index.ts), the page's rows from the database by id.
 */

type Order = (a: number, b: number) => number;

/** The orders the list offered in SQL; unknown values last, and the id breaks the remaining ties. */
function orderOf(index: CatalogIndex, sort: GameSort): Order {
  const { popularity, rating, ratingCount } = index.col;
  const popularityDesc: Order = (a, b) => popularity[b]! - popularity[a]!;
  switch (sort) {
    case "popularity":
      return byNumber(index, popularity, "desc", (a, b) => compareText(index.names[a]!, index.names[b]!));
    case "name":
      return byName(index, "asc", popularityDesc);
    case "release":
      // A game known only by its year sorts by that year, as the screener's releaseDate order.
      return byText(index, index.releaseKeys, "desc", false, popularityDesc);
    case "rating": {
      const count = byNumber(index, ratingCount, "desc");
      return byNumber(index, rating, "desc", (a, b) => {
        const x = ratingCount[a]!;
        const y = ratingCount[b]!;
        return x === y || (Number.isNaN(x) && Number.isNaN(y)) ? 0 : count(a, b);
      });
    }
    case "players":
      // Counts and averages, then the games with daily peaks only, then unknowns (as the screener).
      return byNumber(index, playersOrderKey(index, "desc").values, "desc");
  }
}

export async function listGames(q: GameListQuery): Promise<GameListPage> {
  const { index } = await catalogIndex();
  const candidates = index.candidates({ genres: q.genre, platforms: q.platform, tags: q.tag });
  const matches: number[] = [];
  if (candidates) CatalogIndex.forEach(candidates, (s) => matches.push(s));
  const offset = (q.page - 1) * q.pageSize;
  const ids = topK(matches, offset + q.pageSize, orderOf(index, q.sort))
    .slice(offset)
    .map((s) => index.ids[s]!);
  const rows = ids.length
    ? await readRows("SELECT * FROM games WHERE id IN (SELECT value FROM json_each(?))", [
        JSON.stringify(ids),
      ])
    : [];
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const summaries = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toGameSummary(row)] : [];
  });
  // `playerCount` is the figure the screens show (as the screener's `players` and its CSV: report
  // r23-a #3): the latest count or monthly average, or a peak-only game's peak, which `playersFigure`
  // names with its measure, source and date.
  const games = await withShownFigures(summaries);
  return {
    games,
    total: matches.length,
    page: q.page,
    pageSize: q.pageSize,
  };
}
