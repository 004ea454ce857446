import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth.ts";
import { games } from "./catalog.ts";

/**
 * What a notification tells: a tracked game's price changed, it got a release date, its players spiked;
 * or (`account`, no game) something about the account itself, e.g. an unproven password removed.
 */
const NOTIFICATION_KINDS = ["price", "release_date", "players", "account"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * A user's notifications about the games on their watchlist (Settings → Notifications: price alerts,
 * game updates). Written by triggers on `games` and `game_metrics` (migration 0022) in the same
 * transaction as the change they tell of, whichever process or code path made it, for the users
 * whose settings ask for them at that moment; the server sends new rows to their open sockets.
 * The id is a sequence (AUTOINCREMENT): "everything after id N" is how the feed and "mark read" work.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null for an `account` notification (migration 0037). */
    gameId: text("game_id").references(() => games.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** The change: {from, to} of a price or release date; {value, average, days, metric, source, at} of players. */
    detail: text("detail", { mode: "json" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.id)],
);
