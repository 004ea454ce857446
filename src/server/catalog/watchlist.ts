import { and, desc, eq } from "drizzle-orm";
import type { UserGame } from "../../contracts/games.ts";
import { conversionText } from "../../contracts/price-conversion.ts";
import { db } from "../db/client.ts";
import { type GameRow, games, userGames } from "../db/schema/index.ts";
import { query, writeTransaction } from "../db/write-transaction.ts";
import { env } from "../env.ts";
import { HttpProblem } from "../http/problem.ts";
import { resolveGameId } from "./game-page.ts";
import { withShownFigures } from "./player-figures.ts";
import { provenanceOf } from "./provenance.ts";
import { toGameSummary } from "./shapes.ts";

/** A user's tracked games (spec §3 "User game", §4 watchlist transitions). */
export type { UserGame };

export async function listUserGames(userId: string): Promise<UserGame[]> {
  const rows = await db()
    .select({ entry: userGames, game: games })
    .from(userGames)
    .innerJoin(games, eq(userGames.gameId, games.id))
    .where(eq(userGames.userId, userId))
    .orderBy(desc(userGames.createdAt));
  return withShownFigures(rows.map(({ entry, game }) => toUserGame(entry, game)));
}

type Entry = Pick<
  typeof userGames.$inferSelect,
  "id" | "isWatchlisted" | "playTime" | "lastPlayed" | "rating" | "createdAt"
>;

function toUserGame(entry: Entry, game: GameRow) {
  const summary = toGameSummary(game);
  return {
    id: entry.id,
    gameId: game.id,
    gameName: game.name,
    imageUrl: game.coverUrl,
    isWatchlisted: entry.isWatchlisted,
    playTime: entry.playTime,
    lastPlayed: entry.lastPlayed?.toISOString() ?? null,
    rating: entry.rating,
    platform: summary.platform,
    platforms: summary.platforms,
    genre: summary.genre,
    playerCount: game.currentPlayers,
    price: game.price,
    // Whose price it is and when (a converted one says how), so a watchlist's source line names the
    // price's source rather than every source of the game's figures (review r26/a #8).
    priceProvenance:
      game.price == null || !game.priceSource
        ? null
        : provenanceOf(
            game.priceSource,
            game.priceAt,
            summary.priceConversion ? `prices ${conversionText(rateOf(summary.priceConversion))}` : undefined,
          ),
    addedAt: entry.createdAt.toISOString(),
    // The game's own rating, out of 5 like every other list (the entry's `rating` is the user's).
    gameRating: summary.rating,
    ratingFigure: summary.ratingFigure ?? null,
    isDemo: game.isDemo,
    // A price its source gave in GBP says so (review r18a, item 1).
    ...(summary.priceConversion ? { priceConversion: summary.priceConversion } : {}),
  };
}

/** A conversion without its one price: how the source's prices are converted. */
function rateOf({ original: _, ...rate }: NonNullable<ReturnType<typeof toGameSummary>["priceConversion"]>) {
  return rate;
}

/** A 404 naming the field at fault, as the house's problem JSON does for a 422. */
function gameIdNotFound(message: string): HttpProblem {
  return new HttpProblem(404, message, { errors: [{ field: "gameId", message }] });
}

/** The entry's columns as `trackGame`'s statements answer them (RETURNING). */
const ENTRY_COLUMNS = "id, is_watchlisted, play_time, last_played, rating, created_at";

function entryOf(row: Record<string, unknown>): Entry {
  return {
    id: String(row.id),
    isWatchlisted: Number(row.is_watchlisted) === 1,
    playTime: row.play_time == null ? null : Number(row.play_time),
    lastPlayed: row.last_played == null ? null : new Date(Number(row.last_played)),
    rating: row.rating == null ? null : Number(row.rating),
    createdAt: new Date(Number(row.created_at)),
  };
}

/**
 * Adding sets `isWatchlisted` (spec §4 "add sets isWatchlisted true"); adding twice keeps one entry
 * (answers `created: false`). `id` is the catalog id or `steam-<appid>`, as on the game page (issue 10);
 * an unknown game is 404.
 *
 * The entry answered is the one the write itself returned: read back from the list afterwards, it
 * could already be gone, removed by another server between the two (review r29, finding 2), and the
 * add answered 500. The check for an existing entry, the watchlist's limit and the insert are one
 * write transaction, so a removal meanwhile cannot make an add of a tracked game read as a full list.
 */
export async function trackGame(userId: string, id: string): Promise<{ entry: UserGame; created: boolean }> {
  const gameId = await resolveGameId(id);
  if (!gameId) throw gameIdNotFound("No game with that id in the catalog");
  // At most WATCHLIST_MAX_GAMES entries a user, counted under the write lock: concurrent adds cannot
  // pass the limit together. A game already tracked is no new entry and passes.
  const limit = env().WATCHLIST_MAX_GAMES;
  const written = await writeTransaction(
    function* () {
      const [tracked] = yield* query(
        `UPDATE user_games SET is_watchlisted = 1 WHERE user_id = ? AND game_id = ? RETURNING ${ENTRY_COLUMNS}`,
        [userId, gameId],
      );
      if (tracked) return { row: tracked, created: false };
      const [inserted] = yield* query(
        `INSERT INTO user_games (id, user_id, game_id, is_watchlisted)
         SELECT ?, ?, ?, 1 WHERE (SELECT count(*) FROM user_games WHERE user_id = ?) < ?
         RETURNING ${ENTRY_COLUMNS}`,
        [crypto.randomUUID(), userId, gameId, userId, limit],
      );
      return inserted ? { row: inserted, created: true } : undefined;
    },
    { durable: true },
  );
  if (!written) {
    const message = `A watchlist holds at most ${limit.toLocaleString("en-US")} games: remove one before adding another`;
    throw new HttpProblem(409, message, { title: "Conflict", errors: [{ field: "gameId", message }] });
  }
  // The catalog's row: a user's removal does not touch it.
  const [game] = await db().select().from(games).where(eq(games.id, gameId)).limit(1);
  if (!game) throw gameIdNotFound("No game with that id in the catalog");
  const [entry] = await withShownFigures([toUserGame(entryOf(written.row), game)]);
  return { entry: entry!, created: written.created };
}

/** `id` as in trackGame; answers the catalog id of the game removed. */
export async function untrackGame(userId: string, id: string): Promise<string> {
  const gameId = await resolveGameId(id);
  if (!gameId) throw gameIdNotFound("That game is not in your watchlist");
  const deleted = await db()
    .delete(userGames)
    .where(and(eq(userGames.userId, userId), eq(userGames.gameId, gameId)))
    .returning({ id: userGames.id });
  if (!deleted.length) throw gameIdNotFound("That game is not in your watchlist");
  return gameId;
}
