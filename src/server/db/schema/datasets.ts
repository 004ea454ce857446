import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { games } from "./catalog.ts";

/**
 * Public data that is not a game row: VGChartz unit sales, Esports Earnings, Twitch viewing and the
 * Newzoo yearly market table. Each row keeps its source.
 */
export const gameSales = sqliteTable(
  "game_sales",
  {
    gameId: text("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    year: integer("year"),
    rank: integer("rank"),
    naSales: real("na_sales"),
    euSales: real("eu_sales"),
    jpSales: real("jp_sales"),
    otherSales: real("other_sales"),
    /** Millions of units. */
    globalSales: real("global_sales").notNull(),
    criticScore: real("critic_score"),
    /** The number of critics `critic_score` counts, as the file gives it (Critic_Count); null where it does not. */
    criticCount: integer("critic_count"),
    userScore: real("user_score"),
    source: text("source").notNull(),
    /** The file the stored figures came from ("vgsales.csv"); null for rows imported before it was kept. */
    dataset: text("dataset"),
    /** When the file was taken (epoch ms): `--as-of`, or a date in its name; null when neither says. */
    asOf: integer("as_of"),
    /**
     * The row's own publisher and developer as its file names them (`companyName`: "Unknown" and "N/A"
     * are none): rows of several publishers can join one game of that name (review 8, item 7), so a
     * company's published units sum the rows that name it. Null where the file names none (vgsales.csv
     * has no Developer column).
     */
    publisher: text("publisher"),
    developer: text("developer"),
    /**
     * 1 when the importer wrote `publisher` and `developer` (even as null); 0 for rows stored before
     * (migration 0027), which a company's page attributes by their game until the file is imported again.
     */
    companiesRecorded: integer("companies_recorded").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.platform] }), index("game_sales_global_idx").on(t.globalSales)],
);

/**
 * `game_key`: the name folded for joining Esports Earnings to Twitch, which spell games differently
 * (importers/game-key.ts); written at import, filled by migration 0025 for rows imported before.
 */
export const esportsGames = sqliteTable("esports_games", {
  game: text("game").primaryKey(),
  gameKey: text("game_key"),
  releaseYear: integer("release_year"),
  genre: text("genre"),
  totalEarnings: real("total_earnings").notNull(),
  onlineEarnings: real("online_earnings"),
  totalPlayers: integer("total_players"),
  totalTournaments: integer("total_tournaments"),
  source: text("source").notNull(),
});

export const esportsMonthly = sqliteTable(
  "esports_monthly",
  {
    month: text("month").notNull(), // YYYY-MM
    game: text("game").notNull(),
    gameKey: text("game_key"),
    earnings: real("earnings").notNull(),
    players: integer("players"),
    tournaments: integer("tournaments"),
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.game] }), index("esports_monthly_game_idx").on(t.game)],
);

export const twitchGameMonths = sqliteTable(
  "twitch_game_months",
  {
    month: text("month").notNull(), // YYYY-MM
    game: text("game").notNull(),
    gameKey: text("game_key"),
    rank: integer("rank"),
    hoursWatched: real("hours_watched").notNull(),
    hoursStreamed: real("hours_streamed"),
    peakViewers: integer("peak_viewers"),
    peakChannels: integer("peak_channels"),
    streamers: integer("streamers"),
    avgViewers: real("avg_viewers"),
    avgChannels: real("avg_channels"),
    source: text("source").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.game] }),
    index("twitch_game_idx").on(t.game),
    index("twitch_game_key_month_idx").on(t.gameKey, t.month),
  ],
);

export const twitchGlobalMonths = sqliteTable("twitch_global_months", {
  month: text("month").primaryKey(), // YYYY-MM
  hoursWatched: real("hours_watched").notNull(),
  avgViewers: real("avg_viewers"),
  peakViewers: integer("peak_viewers"),
  streams: integer("streams"),
  avgChannels: real("avg_channels"),
  gamesStreamed: integer("games_streamed"),
  source: text("source").notNull(),
});

/** Newzoo's yearly global games market (published figures, cited per row). */
export const marketYears = sqliteTable("market_years", {
  year: integer("year").primaryKey(),
  totalRevenueBn: real("total_revenue_bn").notNull(),
  growthPct: real("growth_pct"),
  segments: text("segments", { mode: "json" }).$type<Record<string, number>>(),
  regions: text("regions", { mode: "json" }).$type<Record<string, number>>(),
  players: real("players_bn"),
  confidence: text("confidence"),
  source: text("source").notNull(),
});
