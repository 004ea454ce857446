import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { games } from "./catalog.ts";

/**
 * Owners bands a source published for a game (SteamSpy: `20,000 .. 50,000`), kept as the source gave
 * them: the estimator reads the band and its width, not just a midpoint.
 */
export const gameOwnerBands = sqliteTable(
  "game_owner_bands",
  {
    gameId: text("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    low: integer("low").notNull(),
    high: integer("high").notNull(),
    /** When the source measured the band. */
    asOf: integer("as_of", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.source] })],
);

/**
 * Owners, units and revenue per game (issue 11), recomputed when a game's inputs change, so lists
 * can filter and sort by them in SQL. `inputs_key` is the fingerprint of what the estimate was
 * computed from; a row is recomputed when it differs or the model version changes.
 */
export const gameEstimates = sqliteTable(
  "game_estimates",
  {
    gameId: text("game_id")
      .primaryKey()
      .references(() => games.id, { onDelete: "cascade" }),
    ownersLow: integer("owners_low").notNull(),
    ownersMid: integer("owners_mid").notNull(),
    ownersHigh: integer("owners_high").notNull(),
    unitsLow: integer("units_low").notNull(),
    unitsMid: integer("units_mid").notNull(),
    unitsHigh: integer("units_high").notNull(),
    /** USD; null when the price is unknown. */
    grossLow: real("gross_low"),
    grossMid: real("gross_mid"),
    grossHigh: real("gross_high"),
    netLow: real("net_low"),
    netMid: real("net_mid"),
    netHigh: real("net_high"),
    lowSignal: integer("low_signal", { mode: "boolean" }).notNull(),
    /** The methods with their figures and weights, the inputs and notes, as answered by the API. */
    detail: text("detail", { mode: "json" }).notNull(),
    inputsKey: text("inputs_key").notNull(),
    modelVersion: text("model_version").notNull(),
    /** Time of the newest input the estimate used. */
    asOf: integer("as_of", { mode: "timestamp_ms" }),
    computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("game_estimates_owners_idx").on(t.ownersMid),
    index("game_estimates_gross_idx").on(t.grossMid),
    // The newest estimate of the current model (catalog provenance, read again after every commit):
    // without it, a scan of every estimate, about 50 ms at 330,000 games.
    index("game_estimates_version_as_of_idx").on(t.modelVersion, t.asOf),
  ],
);

/**
 * How far the estimates have followed the `catalog_changes` log, whoever followed it (a server's
 * background upkeep, `bun run import`): every game logged up to `catalog_seq` was estimated again from
 * inputs read after its change. One row. A process that writes the catalog and dies before estimating
 * leaves its changes past the mark, so the next catch-up in any process estimates them
 * (review r29-b #4).
 */
export const estimateProgress = sqliteTable("estimate_progress", {
  id: integer("id").primaryKey(),
  catalogSeq: integer("catalog_seq").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
