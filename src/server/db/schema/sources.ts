import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The last sync of each live source: when, how it went, how many records it stored, and when one
 * last succeeded (what the app serves came in then, even if the latest run failed).
 */
export const sourceSyncs = sqliteTable("source_syncs", {
  source: text("source").primaryKey(),
  status: text("status", { enum: ["ok", "error"] }).notNull(),
  message: text("message"),
  records: integer("records").notNull().default(0),
  lastSyncAt: integer("last_sync_at", { mode: "timestamp_ms" }).notNull(),
  lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  durationMs: integer("duration_ms"),
  /**
   * For a source with keys (IGDB's Twitch client id and secret): whether the service accepted them at
   * the last attempt to use them, and which keys those were (`credentials_key`, a hash, never the
   * keys). Null until a run has asked.
   */
  credentials: text("credentials", { enum: ["accepted", "refused"] }),
  credentialsKey: text("credentials_key"),
});

/**
 * A sync of a source running now, in whichever process (the server, `bun run sync`): one row per
 * source, taken in one statement, so two processes never sync one source at once (review r27 #6).
 * The run notes it is still running (`seen_at`) every few seconds; a row not seen for
 * SYNC_LEASE_EXPIRY_MS belongs to a process that stopped, and the next run takes it over.
 */
export const syncLeases = sqliteTable("sync_leases", {
  source: text("source").primaryKey(),
  /** The run holding it: its process id and a random part. */
  holder: text("holder").notNull(),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
  seenAt: integer("seen_at", { mode: "timestamp_ms" }).notNull(),
});

/** Game datasets published in public GitHub repositories (spec §3 "Community dataset"). */
export const communityDatasets = sqliteTable(
  "community_datasets",
  {
    fullName: text("full_name").primaryKey(),
    kind: text("kind", { enum: ["dataset", "trending"] }).notNull(),
    stars: integer("stars").notNull(),
    data: text("data", { mode: "json" }).notNull(),
    fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("community_datasets_kind_stars").on(t.kind, t.stars)],
);

/** Kaggle's video-game datasets (spec §3 "Dataset"). */
export const kaggleDatasets = sqliteTable("kaggle_datasets", {
  ref: text("ref").primaryKey(),
  title: text("title").notNull(),
  downloadCount: integer("download_count").notNull(),
  usabilityRating: real("usability_rating").notNull(),
  size: integer("size").notNull(),
  voteCount: integer("vote_count").notNull(),
  lastUpdated: text("last_updated"),
  fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
});

/** Store offers from Epic (current free games) and GOG (prices and discounts). */
export const storeOffers = sqliteTable(
  "store_offers",
  {
    key: text("key").primaryKey(), // `${store}:${id}`
    store: text("store").notNull(),
    title: text("title").notNull(),
    price: real("price"),
    originalPrice: real("original_price"),
    discountPercent: real("discount_percent"),
    free: integer("free", { mode: "boolean" }).notNull(),
    imageUrl: text("image_url"),
    url: text("url"),
    startsAt: text("starts_at"),
    endsAt: text("ends_at"),
    fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("store_offers_store_free").on(t.store, t.free)],
);
