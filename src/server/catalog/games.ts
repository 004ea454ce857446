import type { GameListPage, GameListQuery, GameSort } from "../../contracts/games.ts";
import { rawClient } from "../db/client.ts";
import { withFigures } from "./player-figures.ts";
import { toGameSummary } from "./shapes.ts";

/** The paged catalog list (`GET /api/games`). Filters match one genre, platform or tag exactly. */

const ORDER: Record<GameSort, string> = {
  popularity: "popularity DESC, name",
  name: "name COLLATE NOCASE, popularity DESC",
  release: "release_date IS NULL, release_date DESC, popularity DESC",
  rating: "rating IS NULL, rating DESC, rating_count DESC",
  players: "current_players IS NULL, current_players DESC",
};

export async function listGames(q: GameListQuery): Promise<GameListPage> {
  const where: string[] = [];
  const args: string[] = [];
  for (const [column, value] of [
    ["genres", q.genre],
    ["platforms", q.platform],
    ["tags", q.tag],
  ] as const) {
    if (!value) continue;
    where.push(`EXISTS (SELECT 1 FROM json_each(games.${column}) WHERE value = ? COLLATE NOCASE)`);
    args.push(value);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const client = rawClient();
  const [rows, count] = await Promise.all([
    client.execute({
      sql: `SELECT * FROM games ${clause} ORDER BY ${ORDER[q.sort]} LIMIT ? OFFSET ?`,
      args: [...args, q.pageSize, (q.page - 1) * q.pageSize],
    }),
    client.execute({ sql: `SELECT count(*) AS n FROM games ${clause}`, args }),
  ]);
  return {
    games: await withFigures(rows.rows.map((r) => toGameSummary(r as unknown as Record<string, unknown>))),
    total: Number(count.rows[0]?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
