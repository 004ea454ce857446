import { eq, sql } from "drizzle-orm";
import {
  type MetricPoint,
  recordMetrics,
  upsertCompanies,
  upsertGames,
  upsertPlatforms,
} from "../catalog/write.ts";
import { db, rawClient } from "../db/client.ts";
import { communityDatasets, kaggleDatasets, sourceSyncs, storeOffers } from "../db/schema/index.ts";
import { env } from "../env.ts";
import { log } from "../log.ts";
import { DATASET_QUERY, GithubClient, TRENDING_QUERY } from "./github.ts";
import { IgdbClient } from "./igdb.ts";
import { KaggleClient } from "./kaggle.ts";
import { SteamClient } from "./steam.ts";
import { SteamSpyClient } from "./steamspy.ts";
import { StoresClient } from "./stores.ts";

/**
 * Runs one live source and stores what it returned: games, platforms and companies through the
 * catalog's write services, the rest in the sources' own tables. Each run is recorded in
 * `source_syncs`, so screens can say when data last came in, and what failed.
 */
export const SYNCABLE = ["steam", "steamspy", "epic", "gog", "igdb", "github", "kaggle"] as const;
export type SyncSource = (typeof SYNCABLE)[number];

export class NotConfiguredError extends Error {}

export interface SyncOptions {
  steamStoreBase?: string;
  steamApiBase?: string;
  steamspyBase?: string;
  epicBase?: string;
  gogBase?: string;
  /** How many of the most popular Steam games get live player counts and review summaries. */
  steamGames?: number;
  /** Base URLs for tests (recorded answers served locally). */
  igdbApiBase?: string;
  igdbTokenUrl?: string;
  githubApiBase?: string;
  kaggleApiBase?: string;
}

async function record(source: string, status: "ok" | "error", records: number, message: string | null) {
  await db()
    .insert(sourceSyncs)
    .values({ source, status, records, message, lastSyncAt: new Date() })
    .onConflictDoUpdate({
      target: sourceSyncs.source,
      set: { status, records, message, lastSyncAt: new Date() },
    });
}

async function run(source: SyncSource, options: SyncOptions): Promise<number> {
  const config = env();
  switch (source) {
    case "steam": {
      const client = new SteamClient({
        ...(options.steamStoreBase ? { storeBase: options.steamStoreBase } : {}),
        ...(options.steamApiBase ? { apiBase: options.steamApiBase } : {}),
      });
      const top = await rawClient().execute({
        sql: "SELECT id, steam_app_id FROM games WHERE steam_app_id IS NOT NULL ORDER BY popularity DESC LIMIT ?",
        args: [options.steamGames ?? 25],
      });
      const now = new Date();
      const points: MetricPoint[] = [];
      for (const row of top.rows) {
        const gameId = String(row.id);
        const appid = Number(row.steam_app_id);
        const players = await client.currentPlayers(appid);
        if (players != null)
          points.push({
            gameId,
            metric: "players",
            ts: now,
            value: players,
            period: "instant",
            source: "steam-api",
          });
        const reviews = await client.reviewSummary(appid).catch(() => null);
        if (reviews) {
          points.push({
            gameId,
            metric: "reviews_positive",
            ts: now,
            value: reviews.positive,
            period: "instant",
            source: "steam-api",
          });
          points.push({
            gameId,
            metric: "reviews_negative",
            ts: now,
            value: reviews.negative,
            period: "instant",
            source: "steam-api",
          });
        }
      }
      await recordMetrics(points);
      return points.length;
    }
    case "steamspy": {
      const apps = await new SteamSpyClient(options.steamspyBase).top100In2Weeks();
      const { ids } = await upsertGames(
        apps.map((a) => a.game),
        "steamspy-api",
      );
      const today = new Date(
        Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()),
      );
      const points: MetricPoint[] = [];
      apps.forEach((a, i) => {
        if (a.ccu != null)
          points.push({
            gameId: ids[i]!,
            metric: "players",
            ts: today,
            value: a.ccu,
            period: "day",
            source: "steamspy-api",
          });
        if (a.owners != null)
          points.push({
            gameId: ids[i]!,
            metric: "owners",
            ts: today,
            value: a.owners,
            period: "instant",
            source: "steamspy-api",
          });
      });
      await recordMetrics(points);
      return apps.length;
    }
    case "epic":
    case "gog": {
      const client = new StoresClient({
        ...(options.epicBase ? { epicBase: options.epicBase } : {}),
        ...(options.gogBase ? { gogBase: options.gogBase } : {}),
      });
      const offers = source === "epic" ? await client.epicFreeGames() : await client.gogCatalog();
      const now = new Date();
      const store = source === "epic" ? "Epic" : "GOG";
      // A store's answer replaces its previous offers (a promotion that ended is gone).
      await db().delete(storeOffers).where(eq(storeOffers.store, store));
      for (const o of offers) {
        await db()
          .insert(storeOffers)
          .values({ key: `${o.store}:${o.id}`, ...o, fetchedAt: now })
          .onConflictDoNothing();
      }
      return offers.length;
    }
    case "igdb": {
      if (!config.IGDB_CLIENT_ID || !config.IGDB_CLIENT_SECRET)
        throw new NotConfiguredError("IGDB needs IGDB_CLIENT_ID and IGDB_CLIENT_SECRET");
      const client = new IgdbClient({
        clientId: config.IGDB_CLIENT_ID,
        clientSecret: config.IGDB_CLIENT_SECRET,
        ...(options.igdbApiBase ? { apiBase: options.igdbApiBase } : {}),
        ...(options.igdbTokenUrl ? { tokenUrl: options.igdbTokenUrl } : {}),
      });
      const [games, platforms, companies] = [
        await client.games(200),
        await client.platforms(),
        await client.companies(),
      ];
      await upsertGames(games, "igdb");
      await upsertPlatforms(platforms);
      await upsertCompanies(companies);
      return games.length + platforms.length + companies.length;
    }
    case "github": {
      const client = new GithubClient({
        token: config.GITHUB_TOKEN,
        ...(options.githubApiBase ? { apiBase: options.githubApiBase } : {}),
      });
      const datasets = await client.searchRepositories(DATASET_QUERY, "stars");
      const trending = await client.searchRepositories(TRENDING_QUERY, "updated");
      const now = new Date();
      const rows = [
        ...datasets.map((d) => ({
          fullName: d.fullName,
          kind: "dataset" as const,
          stars: d.stars,
          data: d,
          fetchedAt: now,
        })),
        ...trending
          .filter((t) => !datasets.some((d) => d.fullName === t.fullName))
          .map((d) => ({
            fullName: d.fullName,
            kind: "trending" as const,
            stars: d.stars,
            data: d,
            fetchedAt: now,
          })),
      ];
      for (const row of rows) {
        await db()
          .insert(communityDatasets)
          .values(row)
          .onConflictDoUpdate({
            target: communityDatasets.fullName,
            set: { kind: row.kind, stars: row.stars, data: row.data, fetchedAt: now },
          });
      }
      return rows.length;
    }
    case "kaggle": {
      if (!config.KAGGLE_USERNAME || !config.KAGGLE_KEY)
        throw new NotConfiguredError("Kaggle needs KAGGLE_USERNAME and KAGGLE_KEY");
      const client = new KaggleClient({
        username: config.KAGGLE_USERNAME,
        key: config.KAGGLE_KEY,
        ...(options.kaggleApiBase ? { apiBase: options.kaggleApiBase } : {}),
      });
      const list = await client.datasets("video games", 2);
      const now = new Date();
      for (const d of list) {
        await db()
          .insert(kaggleDatasets)
          .values({ ...d, fetchedAt: now })
          .onConflictDoUpdate({
            target: kaggleDatasets.ref,
            set: {
              title: d.title,
              downloadCount: d.downloadCount,
              usabilityRating: d.usabilityRating,
              size: d.size,
              voteCount: d.voteCount,
              lastUpdated: d.lastUpdated,
              fetchedAt: now,
            },
          });
      }
      return list.length;
    }
  }
}

export async function syncSource(
  source: SyncSource,
  options: SyncOptions = {},
): Promise<{ records: number }> {
  try {
    const records = await run(source, options);
    await record(source, "ok", records, null);
    log.info("sync finished", { source, records });
    return { records };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof NotConfiguredError)) await record(source, "error", 0, message);
    throw error;
  }
}

export async function syncStates(): Promise<Map<string, typeof sourceSyncs.$inferSelect>> {
  const rows = await db().select().from(sourceSyncs).where(sql`1 = 1`);
  return new Map(rows.map((r) => [r.source, r]));
}
