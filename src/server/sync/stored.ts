import { desc, eq, sql } from "drizzle-orm";
import type { Provenance } from "../../contracts/provenance.ts";
import {
  type CommunityDataset,
  FREE_CATALOG_GAMES_LISTED,
  type FreeGame,
  type FreeGamesCount,
  type KaggleDataset,
  type StoreOffer,
} from "../../contracts/sources.ts";
import { keptUntilChange } from "../catalog/kept-answers.ts";
import { familyCodes } from "../catalog/platform-names.ts";
import { playerFigures } from "../catalog/player-figures.ts";
import { sourceName } from "../catalog/source-names.ts";
import { db, rawClient } from "../db/client.ts";
import { communityDatasets, kaggleDatasets, storeOffers } from "../db/schema/index.ts";

/**
 * The sources' own tables (community datasets, Kaggle datasets, store offers): what a sync writes
 * and what the data APIs read back. Games, platforms and companies go through catalog/write.ts.
 */

/**
 * Stores GitHub's two lists. A repository in both is a dataset (the Datasets tab); Trending shows
 * the most recently updated of all of them.
 */
export async function saveCommunityDatasets(
  datasets: CommunityDataset[],
  trending: CommunityDataset[],
  now = new Date(),
): Promise<number> {
  const seen = new Set<string>();
  const rows = [
    ...datasets.map((d) => ({ d, kind: "dataset" as const })),
    ...trending.map((d) => ({ d, kind: "trending" as const })),
  ]
    .filter(({ d }) => !seen.has(d.fullName) && !!seen.add(d.fullName))
    .map(({ d, kind }) => ({ fullName: d.fullName, kind, stars: d.stars, data: d, fetchedAt: now }));
  if (!rows.length) return 0;
  await db()
    .insert(communityDatasets)
    .values(rows)
    .onConflictDoUpdate({
      target: communityDatasets.fullName,
      set: {
        kind: sql`excluded.kind`,
        stars: sql`excluded.stars`,
        data: sql`excluded.data`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
  return rows.length;
}

/** The Datasets tab: repositories found as game datasets, most starred first. */
export async function listCommunityDatasets(limit = 100): Promise<CommunityDataset[]> {
  const rows = await db()
    .select({ data: communityDatasets.data })
    .from(communityDatasets)
    .where(eq(communityDatasets.kind, "dataset"))
    .orderBy(desc(communityDatasets.stars))
    .limit(limit);
  return rows.map((r) => r.data as CommunityDataset);
}

/** The Trending tab: every stored repository, most recently updated first. */
export async function trendingCommunityDatasets(limit = 30): Promise<CommunityDataset[]> {
  const rows = await db()
    .select({ data: communityDatasets.data })
    .from(communityDatasets)
    .orderBy(desc(sql`json_extract(${communityDatasets.data}, '$.lastUpdated')`))
    .limit(limit);
  return rows.map((r) => r.data as CommunityDataset);
}

export async function saveKaggleDatasets(list: KaggleDataset[], now = new Date()): Promise<number> {
  const unique = [...new Map(list.map((d) => [d.ref, d])).values()];
  if (!unique.length) return 0;
  await db()
    .insert(kaggleDatasets)
    .values(unique.map((d) => ({ ...d, fetchedAt: now })))
    .onConflictDoUpdate({
      target: kaggleDatasets.ref,
      set: {
        title: sql`excluded.title`,
        downloadCount: sql`excluded.download_count`,
        usabilityRating: sql`excluded.usability_rating`,
        size: sql`excluded.size`,
        voteCount: sql`excluded.vote_count`,
        lastUpdated: sql`excluded.last_updated`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
  return unique.length;
}

/** A store's answer replaces its previous offers in one transaction: a promotion that ended is gone. */
export async function replaceStoreOffers(
  store: StoreOffer["store"],
  offers: StoreOffer[],
  now = new Date(),
): Promise<number> {
  const unique = [...new Map(offers.map((o) => [o.id, o])).values()];
  await db().transaction(async (tx) => {
    await tx.delete(storeOffers).where(eq(storeOffers.store, store));
    if (unique.length)
      await tx
        .insert(storeOffers)
        .values(unique.map(({ id, ...o }) => ({ key: `${store}:${id}`, ...o, fetchedAt: now })));
  });
  return unique.length;
}

/** The most popular catalog games that have a Steam app id: the ones a Steam sync refreshes. */
export async function topSteamApps(
  limit: number,
): Promise<Array<{ gameId: string; appid: number; hasDetails: boolean }>> {
  const rs = await rawClient().execute({
    sql: `SELECT id, steam_app_id, summary IS NOT NULL AND cover_url IS NOT NULL AS has_details FROM games
          WHERE steam_app_id IS NOT NULL ORDER BY popularity DESC LIMIT ?`,
    args: [limit],
  });
  return rs.rows.map((r) => ({
    gameId: String(r.id),
    appid: Number(r.steam_app_id),
    hasDetails: Boolean(r.has_details),
  }));
}

/**
 * `value IN (…)` of the family's other spellings: VGChartz's codes ("PS4", "X360"), "PS Vita". Counted
 * by name alone, the ~5,000 PlayStation games a VGChartz import stores read "0 games stored" (review 6
 * #13). The codes are our own constants, not input.
 */
function inList(family: "playstation" | "xbox"): string {
  return `value IN (${familyCodes(family)
    .map((c) => `'${c.replace(/'/g, "''")}'`)
    .join(", ")})`;
}

/**
 * What the catalog holds per source, for the platform list (spec §2 Dashboard "Multi-Platform"). The
 * PlayStation and Xbox games are counted by consoleGames.
 */
export async function storedCounts(now = new Date()): Promise<Record<string, number>> {
  const rs = await rawClient().execute({
    args: [now.toISOString()],
    sql: `SELECT
      (SELECT count(*) FROM games WHERE steam_app_id IS NOT NULL) AS steam,
      (SELECT count(*) FROM games WHERE igdb_id IS NOT NULL) AS igdb,
      (SELECT count(*) FROM store_offers WHERE store = 'Epic' AND free = 1 AND (ends_at IS NULL OR ends_at > ?1)) AS epic,
      (SELECT count(*) FROM store_offers WHERE store = 'GOG') AS gog,
      (SELECT count(*) FROM kaggle_datasets) AS kaggle,
      (SELECT count(*) FROM community_datasets) AS github`,
  });
  const row = rs.rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v ?? 0)]));
}

/** A console family's games in the catalog: how many, and where they came from (consoleGames). */
export interface ConsoleGames {
  games: number;
  origins: Array<{ source: string; games: number }>;
}

/**
 * The catalog's PlayStation and Xbox games: how many, and where they came from, each source with its
 * number of games, most first: "VGChartz sales dataset (vgsales.csv)" for an import of that file, "IGDB"
 * for the games its sync listed. Neither console has a public catalog, so these are what the platform
 * list names (report r10-b #13: it named IGDB for 6,041 games VGChartz's file had brought in). Each
 * family is a scan of every game's platforms: the answer is kept until the data changes (imports and
 * syncs), not read again for every request of the platform list.
 */
export const consoleGames = keptUntilChange(computeConsoleGames);

async function computeConsoleGames(): Promise<Record<"playstation" | "xbox", ConsoleGames>> {
  const client = rawClient();
  const of = async (family: "playstation" | "xbox") => {
    const prefix = family === "playstation" ? "PlayStation%" : "Xbox%";
    const rs = await client.execute({
      args: [prefix],
      sql: `WITH fam AS (SELECT id, igdb_id, steam_app_id, is_demo FROM games g
              WHERE EXISTS (SELECT 1 FROM json_each(g.platforms) WHERE value LIKE ?1 OR ${inList(family)}))
            SELECT 'igdb' AS source, NULL AS dataset, count(*) AS games FROM fam WHERE igdb_id IS NOT NULL
            UNION ALL SELECT s.source, s.dataset, count(DISTINCT s.game_id) FROM game_sales s
              JOIN fam ON fam.id = s.game_id GROUP BY s.source, s.dataset
            UNION ALL SELECT 'steam-api', NULL, count(*) FROM fam WHERE steam_app_id IS NOT NULL
            UNION ALL SELECT 'demo', NULL, count(*) FROM fam WHERE is_demo = 1
            UNION ALL SELECT NULL, NULL, count(*) FROM fam`,
    });
    const all = rs.rows.find((r) => r.source == null);
    const origins = rs.rows
      .filter((r) => r.source != null)
      .map((r) => ({
        source:
          r.dataset == null
            ? sourceName(String(r.source))
            : `${sourceName(String(r.source))} (${String(r.dataset)})`,
        games: Number(r.games),
      }))
      .filter((o) => o.games > 0)
      .sort((a, b) => b.games - a.games || a.source.localeCompare(b.source));
    return { games: Number(all?.games ?? 0), origins };
  };
  const [playstation, xbox] = await Promise.all([of("playstation"), of("xbox")]);
  return { playstation, xbox };
}

/**
 * Where a catalog game's price of 0 (what makes it free) comes from: its price's source and time; a
 * generated demo game, written without one, is the demo data as of its generation; else null (the
 * screen then names the catalog's sources).
 */
function freeGameProvenance(r: Record<string, unknown>): Provenance | null {
  const iso = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());
  if (r.price_source != null) return { source: sourceName(String(r.price_source)), asOf: iso(r.price_at) };
  if (Number(r.is_demo) === 1) return { source: sourceName("demo"), asOf: iso(r.updated_at) };
  return null;
}

/**
 * A catalog game free to play: a price of 0 with "Free to Play" among its genres or tags. The
 * `price = 0` term lets the query read the free games' partial index (`games_free_idx`, migration
 * 0036) rather than every game's row and lists (review 19, item 6).
 */
const FREE_TO_PLAY = `price = 0 AND EXISTS (
  SELECT 1 FROM json_each(games.genres) WHERE lower(value) = 'free to play'
  UNION ALL SELECT 1 FROM json_each(games.tags) WHERE lower(value) = 'free to play')`;

/** The catalog's free-to-play games by the source of their price of 0, each with its newest time. */
export const FREE_CATALOG_GAMES_SQL = `SELECT price_source, is_demo, count(*) AS games, max(CASE WHEN is_demo = 1 THEN updated_at ELSE price_at END) AS at
  FROM games WHERE ${FREE_TO_PLAY} GROUP BY price_source, is_demo ORDER BY price_source`;

const freeCatalogGames = keptUntilChange(
  async (): Promise<{ games: number; provenance: Provenance[] }> => {
    const rs = await rawClient().execute(FREE_CATALOG_GAMES_SQL);
    let games = 0;
    const newest = new Map<string, number | null>();
    for (const r of rs.rows) {
      games += Number(r.games);
      // Sources named as the list's rows name them (freeGameProvenance); a row with neither says nothing.
      const source =
        r.price_source != null ? String(r.price_source) : Number(r.is_demo) === 1 ? "demo" : null;
      if (source == null) continue;
      const at = r.at == null ? null : Number(r.at);
      const seen = newest.get(source);
      newest.set(source, seen == null || (at != null && at > seen) ? at : seen);
    }
    return {
      games,
      provenance: [...newest].map(([source, at]) => ({
        source: sourceName(source),
        asOf: at == null ? null : new Date(at).toISOString(),
        method: "games with a price of 0 and Free to Play among their genres or tags",
      })),
    };
  },
  { catalogOnly: true },
);

/**
 * How many games are free to play right now (`/api/platforms/free-games/count`): the catalog's
 * free-to-play games, all of them, and the stores' running promotions, with their sources.
 */
export async function freeGamesCount(now = new Date()): Promise<FreeGamesCount> {
  const [catalog, offers] = await Promise.all([
    freeCatalogGames(),
    rawClient().execute({
      sql: `SELECT store, count(*) AS games, max(fetched_at) AS at FROM store_offers
            WHERE free = 1 AND (ends_at IS NULL OR ends_at > ?) GROUP BY store ORDER BY store`,
      args: [now.toISOString()],
    }),
  ]);
  return {
    catalog: catalog.games,
    promotions: offers.rows.reduce((n, r) => n + Number(r.games), 0),
    provenance: [
      ...catalog.provenance,
      ...offers.rows.map((r) => ({
        source: sourceName(r.store === "GOG" ? "gog" : "epic"),
        asOf: r.at == null ? null : new Date(Number(r.at)).toISOString(),
      })),
    ],
  };
}

/**
 * Games free to play right now (spec §7 `/api/platforms/free-games`): Epic's promotions still running
 * (one that ended since the last sync is left out) and GOG's free games, then the catalog's
 * free-to-play games, most played first: a price of 0 with "Free to Play" among the genres or tags
 * (a 0 without it is a paid game no longer sold, as SteamSpy reports FIFA 22; features.ts knownPrice).
 */
export async function freeGames(limit = FREE_CATALOG_GAMES_LISTED, now = new Date()): Promise<FreeGame[]> {
  const client = rawClient();
  const [offers, catalog] = await Promise.all([
    client.execute({
      sql: `SELECT key, store, title, image_url, url, ends_at, fetched_at FROM store_offers
            WHERE free = 1 AND (ends_at IS NULL OR ends_at > ?) ORDER BY store = 'GOG', ends_at, title`,
      args: [now.toISOString()],
    }),
    client.execute({
      sql: `SELECT id, name, current_players, cover_url, steam_app_id, price_source, price_at, is_demo, updated_at FROM games
            WHERE ${FREE_TO_PLAY}
            ORDER BY coalesce(current_players, 0) DESC, popularity DESC LIMIT ?`,
      args: [limit],
    }),
  ]);
  // The counts that rank the list name their source and time (SteamCharts' month, a live sync's day).
  const players = await playerFigures(catalog.rows.map((r) => String(r.id)));
  return [
    ...offers.rows.map((r) => ({
      id: String(r.key),
      gameId: null,
      name: String(r.title),
      store: r.store === "GOG" ? ("GOG" as const) : ("Epic" as const),
      playerCount: null,
      imageUrl: (r.image_url as string | null) ?? null,
      url: (r.url as string | null) ?? null,
      endsAt: (r.ends_at as string | null) ?? null,
      // The store's promotion, as of the sync that last saw it.
      provenance: {
        source: sourceName(r.store === "GOG" ? "gog" : "epic"),
        asOf: r.fetched_at == null ? null : new Date(Number(r.fetched_at)).toISOString(),
      },
      playersProvenance: null,
    })),
    ...catalog.rows.map((r) => ({
      id: String(r.id),
      gameId: String(r.id),
      name: String(r.name),
      store: r.steam_app_id != null ? ("Steam" as const) : ("Catalog" as const),
      playerCount: r.current_players == null ? null : Number(r.current_players),
      imageUrl: (r.cover_url as string | null) ?? null,
      url: r.steam_app_id != null ? `https://store.steampowered.com/app/${r.steam_app_id}` : null,
      endsAt: null,
      provenance: freeGameProvenance(r),
      playersProvenance: r.current_players == null ? null : (players.get(String(r.id))?.provenance ?? null),
    })),
  ];
}
