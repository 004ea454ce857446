import { expect, test } from "vitest";
import { POINTS_OF_LAST } from "../../src/server/catalog/player-figures.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { OF_CURRENT_MODEL } from "../../src/server/estimates/coefficients.ts";

/**
 * Reads of estimates by game id (screener pages, company pages, the catalog index) must go through
 * the id index whatever the planner's statistics: on a database ANALYZE has not counted yet, a bare
 * `model_version = ?` sent them through the (model_version, as_of) index, over every estimate.
 */

async function plan(sql: string, args: unknown[]): Promise<string> {
  const rs = await rawClient().execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
  return rs.rows.map((r) => String(r.detail)).join("\n");
}

const BY_IDS = (condition: string) =>
  `SELECT game_id, owners_mid FROM game_estimates WHERE ${condition} AND game_id IN (SELECT value FROM json_each(?))`;
const BY_RANGE = (condition: string) =>
  `SELECT game_id, owners_mid FROM game_estimates WHERE ${condition} AND game_id > ? ORDER BY game_id LIMIT 5000`;

test("estimates picked by id are read through the id index, with no statistics gathered", async () => {
  const stats = await rawClient().execute(
    "SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'",
  );
  expect(Number(stats.rows[0]?.n)).toBe(0);
  for (const sql of [BY_IDS(OF_CURRENT_MODEL), BY_RANGE(OF_CURRENT_MODEL)]) {
    const detail = await plan(sql, ["v", sql.includes("json_each") ? '["a"]' : ""]);
    expect(detail, sql).toContain("sqlite_autoindex_game_estimates_1");
    expect(detail, sql).not.toContain("game_estimates_version_as_of_idx");
    expect(detail, sql).not.toContain("TEMP B-TREE");
  }
  // Why the "+": the bare condition takes the version index on such a database.
  expect(await plan(BY_IDS("model_version = ?"), ["v", '["a"]'])).toContain(
    "game_estimates_version_as_of_idx",
  );
});

test("no read of estimates by game id in the server's code uses the bare condition", async () => {
  const offenders: string[] = [];
  for await (const file of new Bun.Glob("src/server/**/*.ts").scan(".")) {
    const text = await Bun.file(file).text();
    if (/(?<![+.\w])model_version = \? AND (?:e\.)?game_id (?:IN|>)/.test(text)) offenders.push(file);
  }
  expect(offenders).toEqual([]);
});

/**
 * A few games' series joined to their newest point (`last`): read game by game through the point index
 * (game_id, metric, ts). Left to choose, SQLite read every player point in the catalog through
 * (metric, ts) — 7 s for one game page with 3 million points.
 */
const FEW_GAMES = (from: string) =>
  `WITH last AS (SELECT game_id, max(ts) AS ts FROM game_metrics WHERE metric = 'players' AND game_id IN (?) GROUP BY game_id)
   SELECT m.game_id, m.ts, m.value ${from} WHERE m.metric = 'players' AND m.ts > last.ts - 86400000`;

test("a few games' points next to their newest are read through the point index", async () => {
  const detail = await plan(FEW_GAMES(POINTS_OF_LAST), ["g"]);
  expect(detail).toMatch(
    /SEARCH m USING INDEX game_metrics_point_unique \(game_id=\? AND metric=\? AND ts>\?\)/,
  );
  expect(detail).not.toContain("game_metrics_metric_ts_idx");
  // Why the forced order: joined the usual way, the planner takes the (metric, ts) index.
  expect(await plan(FEW_GAMES("FROM game_metrics m JOIN last ON last.game_id = m.game_id"), ["g"])).toContain(
    "game_metrics_metric_ts_idx",
  );
});
