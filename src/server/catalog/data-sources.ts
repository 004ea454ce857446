import type { CatalogState, DataSourceEntry, DataSourcesAnswer } from "../../contracts/data-sources.ts";
import type { SyncSource } from "../../contracts/sources.ts";
import { rawClient } from "../db/client.ts";
import { METRICS } from "../db/schema/index.ts";
import { SNAPSHOT_INFO, unfinishedSnapshotLoad } from "../db/seed/snapshot.ts";
import { missingConfig } from "../sync/state.ts";
import { hasDemoData } from "./demo-data.ts";
import { keptUntilChange } from "./kept-answers.ts";
import { sourceLabel } from "./provenance.ts";
import { catalogProvenance } from "./screener.ts";
import { ESTIMATES_SOURCE } from "./source-names.ts";
import { PLAYER_DAY_METRICS } from "./stats.ts";

/**
 * The Data sources page: each source with its licence and what it provides, and — from the data
 * itself — how many records came from it and the time of the newest (issue 9).
 */
interface SourceInfo {
  id: string;
  /** Stored source ids (`game_metrics.source`) whose points count as this source's. */
  metrics: string[];
  /** The sync (`source_syncs.source`) that brings it in live, if any. */
  sync?: SyncSource;
  publisher: string;
  licence: string;
  url: string;
  provides: string;
  /**
   * A dataset an operator imports by hand (`bun run import …`): listed once it holds records, since a
   * deployment without it has nothing from it to show or credit.
   */
  imported?: true;
  /**
   * Counted from its own tables rather than series points: each table's rows and the newest month its
   * data covers (`month`, 'YYYY-MM'), or the newest date its files were taken (`takenAt`, epoch ms; a row
   * without one counts as undated).
   */
  tables?: Array<{ table: string; month?: string; takenAt?: string }>;
  /**
   * A live service whose records are rows of the app's own tables (IGDB's games, platforms and
   * companies; Kaggle's and GitHub's dataset lists; the stores' offers): each part's rows (`where`
   * selects the source's own) and the column of the time they were read (`at`, epoch ms). Its newest
   * data is the newest of those times and of its last successful sync, which re-read what it holds.
   */
  live?: { unit: string; parts: Array<{ table: string; where?: string; at?: string }> };
}

/** Datasets from the public files folder state no licence of their own. */
const NO_LICENCE = "No licence stated by the publisher; imported locally by the operator";

const SOURCES: SourceInfo[] = [
  {
    id: "steam-store-csv",
    metrics: ["steam-store-csv"],
    publisher: `${SNAPSHOT_INFO.author} on Kaggle ("${SNAPSHOT_INFO.name}"), gathered from the Steam store and SteamSpy`,
    licence: SNAPSHOT_INFO.licence,
    url: SNAPSHOT_INFO.url,
    provides:
      "The starting catalog: 27,075 Steam games with developers, publishers, genres, tags, release dates, review counts, owner ranges and prices (May 2019)",
  },
  {
    id: "steamspy-api",
    metrics: ["steamspy-api"],
    sync: "steamspy",
    publisher: "SteamSpy",
    licence: "SteamSpy API terms (free use with attribution)",
    url: "https://steamspy.com/api.php",
    provides: "Owner estimates, recent players and the most played games, refreshed by the live sync",
  },
  {
    id: "steam-api",
    metrics: ["steam-api"],
    sync: "steam",
    publisher: "Valve (Steam Web API and store)",
    licence: "Steam Web API Terms of Use",
    url: "https://steamcommunity.com/dev/apiterms",
    provides: "Current player counts every 15 minutes and review summaries for the most played games",
  },
  {
    id: "steamspy-csv",
    metrics: ["steamspy-csv"],
    publisher: "SteamSpy (an `appdetails`/`all` export)",
    licence: NO_LICENCE,
    url: "https://steamspy.com/api.php",
    provides: "Owner bands, review counts, prices and the day-before peak players of the games in the file",
    imported: true,
  },
  {
    id: "steamcharts-csv",
    metrics: ["steamcharts-csv"],
    publisher: "SteamCharts",
    licence: NO_LICENCE,
    url: "https://steamcharts.com",
    provides: "Monthly average and peak concurrent players per game",
    imported: true,
  },
  {
    id: "steamdb-csv",
    metrics: ["steamdb-csv"],
    publisher: "SteamDB (a chart export)",
    licence: NO_LICENCE,
    url: "https://steamdb.info",
    provides: "Daily peak concurrent players of the games in the export",
    imported: true,
  },
  {
    id: "vgsales-csv",
    metrics: [],
    publisher: "VGChartz (with Metacritic scores in the 2016 edition)",
    licence: NO_LICENCE,
    url: "https://www.vgchartz.com",
    provides: "Unit sales by platform and region (millions), to 2016",
    imported: true,
    // The date each file was taken (`--as-of`, or the date in its name), never a game's release year:
    // one mis-dated row ("Year 2020") would make a 2016 file look four years newer (review 7 #4).
    tables: [{ table: "game_sales", takenAt: "as_of" }],
  },
  {
    id: "esports-earnings",
    metrics: [],
    publisher: "Esports Earnings",
    licence: NO_LICENCE,
    url: "https://www.esportsearnings.com",
    provides: "Prize money, players and tournaments per game, in total and by month",
    imported: true,
    tables: [{ table: "esports_games" }, { table: "esports_monthly", month: "month" }],
  },
  {
    id: "twitch-sullygnome",
    metrics: [],
    publisher: "SullyGnome (Twitch statistics)",
    licence: NO_LICENCE,
    url: "https://sullygnome.com",
    provides:
      "Hours watched, viewers and channels of the top games on Twitch by month, and Twitch's monthly totals",
    imported: true,
    tables: [
      { table: "twitch_game_months", month: "month" },
      { table: "twitch_global_months", month: "month" },
    ],
  },
  {
    id: "igdb",
    metrics: [],
    sync: "igdb",
    publisher: "IGDB (Twitch), through its v4 API",
    licence: "IGDB API terms (Twitch Developer Services Agreement); data credited to IGDB.com",
    url: "https://www.igdb.com",
    provides:
      "The Games database's metadata (genres, platforms, companies, release dates, covers, summaries) and critic ratings, its platform and company lists, and PlayStation and Xbox coverage",
    live: {
      unit: "records (games, platforms, companies)",
      parts: [
        { table: "games", where: "igdb_id IS NOT NULL" },
        { table: "platforms", where: "igdb_id IS NOT NULL", at: "updated_at" },
        { table: "companies", where: "igdb_id IS NOT NULL", at: "updated_at" },
        { table: "game_metrics", where: "source = 'igdb'", at: "ts" },
      ],
    },
  },
  {
    id: "kaggle",
    metrics: [],
    sync: "kaggle",
    publisher: "Kaggle, through its datasets API",
    licence: "Kaggle API terms of use; each dataset under the licence its page states",
    url: "https://www.kaggle.com/datasets?search=video+games",
    provides:
      "The list of video-game datasets on Historical Analytics: title, downloads, usability rating, size and votes",
    live: { unit: "datasets", parts: [{ table: "kaggle_datasets", at: "fetched_at" }] },
  },
  {
    id: "github",
    metrics: [],
    sync: "github",
    publisher: "GitHub, through its repository search API",
    licence: "GitHub Terms of Service (API use); each repository under the licence it states",
    url: "https://github.com/topics/dataset",
    provides:
      "Community game datasets and trending repositories: owner, description, topics, stars, size, language, and a sample of each dataset's data file",
    live: { unit: "repositories", parts: [{ table: "community_datasets", at: "fetched_at" }] },
  },
  {
    id: "epic",
    metrics: [],
    sync: "epic",
    publisher: "Epic Games Store (its public free-games promotions)",
    licence: "No licence published for this public store data; titles and images © their publishers",
    url: "https://store.epicgames.com/free-games",
    provides: "The games free on the Epic Games Store right now, with their prices and promotion dates",
    live: {
      unit: "free games",
      parts: [{ table: "store_offers", where: "store = 'Epic'", at: "fetched_at" }],
    },
  },
  {
    id: "gog",
    metrics: [],
    sync: "gog",
    publisher: "GOG.com (its public catalog)",
    licence: "No licence published for this public store data; titles and images © their publishers",
    url: "https://www.gog.com/en/games",
    provides: "Prices, discounts and free games of GOG's trending catalog, in US dollars",
    live: { unit: "offers", parts: [{ table: "store_offers", where: "store = 'GOG'", at: "fetched_at" }] },
  },
  {
    id: "newzoo",
    metrics: [],
    publisher: "Newzoo Global Games Market Reports (published figures, cited per year)",
    licence: "Published figures quoted with their citation",
    url: "https://newzoo.com/resources/trend-reports",
    provides: "Global games market revenue by year, segment and region (2012–2027, forecasts marked)",
  },
];

/** Kept until the data changes (kept-answers.ts): the sources' syncs and the market years, every commit. */
const keptDataSources: () => Promise<DataSourcesAnswer> = keptUntilChange(computeDataSources);

/**
 * The Data sources page: the kept answer, with each keyed live service whose keys are not set now
 * marked not connected (read at each request: the keys are configuration, not data). What it provides
 * is then what it would provide once connected: the IGDB row offered "PlayStation and Xbox coverage"
 * while nothing could come from IGDB (review r28-a #6).
 */
export async function listDataSources(): Promise<DataSourcesAnswer> {
  const answer = await keptDataSources();
  const sync = new Map(SOURCES.map((s) => [s.id, s.sync]));
  return {
    ...answer,
    sources: answer.sources.map((e) => {
      const source = sync.get(e.id);
      if (!e.live || !source || missingConfig(source).length === 0) return e;
      return { ...e, notConnected: true as const, provides: `When connected: ${e.provides}` };
    }),
  };
}

/**
 * Points and demo games: the costly part (it counts every point of the metrics other than players),
 * read from the catalog alone, so it is kept across commits that leave the catalog as it is (a sync's
 * run being recorded, a sign-in).
 */
const catalogCounts = keptUntilChange(
  async () => {
    const client = rawClient();
    const [points, demo] = await Promise.all([
      // Player counts from the series by day (player_days): live syncs store them every 15 minutes.
      client.execute(
        `SELECT source, sum(n) AS n, max(ts) AS ts FROM (
           SELECT source, count(*) AS n, max(ts) AS ts FROM game_metrics
           WHERE metric IN (${METRICS.filter((m) => !PLAYER_DAY_METRICS.includes(m))
             .map((m) => `'${m}'`)
             .join(",")})
           GROUP BY source
           UNION ALL
           SELECT source, sum(points), max(last_ts) FROM player_days GROUP BY source)
         GROUP BY source`,
      ),
      client.execute("SELECT count(*) AS n FROM games WHERE is_demo = 1"),
    ]);
    return { points, demo };
  },
  { catalogOnly: true },
);

async function computeDataSources(): Promise<DataSourcesAnswer> {
  const client = rawClient();
  const [{ points, demo }, syncs, market, tables, live, snapshotLoad] = await Promise.all([
    catalogCounts(),
    client.execute("SELECT source, status, message, last_sync_at, last_success_at FROM source_syncs"),
    client.execute("SELECT count(*) AS n, max(year) AS year FROM market_years"),
    datasetTables(),
    liveTables(),
    unfinishedSnapshotLoad(),
  ]);
  const bySource = new Map(points.rows.map((r) => [String(r.source), { n: Number(r.n), ts: Number(r.ts) }]));
  const lastSync = new Map(
    syncs.rows.map((r) => [String(r.source), r.last_success_at == null ? null : Number(r.last_success_at)]),
  );
  // The last attempt, when it failed in whole or in part (a run that succeeded with a message: a kind
  // of data whose every call failed); the Admin Dashboard's "Last sync failed" reads the same row. The
  // data stored before is still served, and the page says both.
  const failures = new Map(
    syncs.rows
      .filter((r) => r.status === "error" || r.message != null)
      .map((r) => [
        String(r.source),
        {
          at: new Date(Number(r.last_sync_at)).toISOString(),
          message: r.message == null ? "no reason recorded" : String(r.message),
        },
      ]),
  );
  const lastFailure = (s: (typeof SOURCES)[number]) => ({
    lastFailure: (s.sync ? failures.get(s.sync) : undefined) ?? null,
  });
  // What every entry says of its source, whatever it counts.
  const described = (s: (typeof SOURCES)[number]) => ({
    id: s.id,
    name: sourceLabel(s.id),
    publisher: s.publisher,
    licence: s.licence,
    url: s.url,
    provides: s.provides,
  });
  const entries: DataSourceEntry[] = SOURCES.map((s) => {
    if (s.id === "newzoo") {
      const n = Number(market.rows[0]?.n ?? 0);
      return {
        ...described(s),
        // The latest edition quoted reports on its own year; later years are forecasts.
        asOf: null,
        lastSync: null,
        records: n,
        unit: "years",
      };
    }
    if (s.live) {
      const counted = s.live.parts.map((_, i) => live.get(`${s.id}:${i}`) ?? { n: 0, at: null });
      const records = counted.reduce((sum, c) => sum + c.n, 0);
      const synced = s.sync ? lastSync.get(s.sync) : null;
      const times = [...counted.map((c) => c.at), synced].filter((t): t is number => t != null && t > 0);
      return {
        ...described(s),
        asOf: records > 0 && times.length ? new Date(Math.max(...times)).toISOString() : null,
        lastSync: synced ? new Date(synced).toISOString() : null,
        ...lastFailure(s),
        records,
        unit: s.live.unit,
        live: true,
      };
    }
    if (s.tables) {
      const counted = s.tables.map((t) => tables.get(t.table) ?? { n: 0, month: null, at: null, undated: 0 });
      // The first day of the newest month (or year) the dataset covers, or the day its newest file was taken.
      const times = counted.flatMap((c) => [
        ...(c.month != null ? [Date.parse(`${c.month}-01T00:00:00.000Z`)] : []),
        ...(c.at != null ? [c.at] : []),
      ]);
      const undated = counted.reduce((sum, c) => sum + c.undated, 0);
      return {
        ...described(s),
        asOf: times.length ? new Date(Math.max(...times)).toISOString() : null,
        lastSync: null,
        records: counted.reduce((sum, c) => sum + c.n, 0),
        unit: "rows",
        ...(undated > 0 ? { undated } : {}),
      };
    }
    const stored = s.metrics.map((m) => bySource.get(m)).filter((v) => v != null);
    const newest = Math.max(0, ...stored.map((v) => v.ts));
    const synced = s.sync ? lastSync.get(s.sync) : null;
    // The starting catalog while its load is unfinished (stopped part-way): how far it got, not the
    // 27,075 games it will hold (review r29-b #3).
    const partial = s.id === "steam-store-csv" && snapshotLoad ? snapshotLoad : null;
    return {
      ...described(s),
      ...(partial
        ? {
            provides: `${s.provides}. Its load stopped part-way: ${partial.games.toLocaleString("en")} of the ${partial.of.toLocaleString("en")} games are in the catalog so far; the rest is loaded at the server's next start`,
            incomplete: partial,
          }
        : {}),
      asOf: newest ? new Date(newest).toISOString() : null,
      lastSync: synced ? new Date(synced).toISOString() : null,
      ...(s.sync ? { ...lastFailure(s), live: true as const } : {}),
      records: stored.reduce((sum, v) => sum + v.n, 0),
      unit: "data points",
    };
  });
  const sources = entries.filter((e, i) => !SOURCES[i]!.imported || e.records > 0);
  return { sources, demo: { games: Number(demo.rows[0]?.n ?? 0) } };
}

/** Rows and newest read time of each part of the live services' own tables (keyed `${id}:${part}`). */
async function liveTables(): Promise<Map<string, { n: number; at: number | null }>> {
  const parts = SOURCES.flatMap((s) =>
    (s.live?.parts ?? []).map(
      (p, i) =>
        `SELECT '${s.id}:${i}' AS k, count(*) AS n, max(${p.at ?? "NULL"}) AS at FROM ${p.table}${p.where ? ` WHERE ${p.where}` : ""}`,
    ),
  );
  const rs = await rawClient().execute(parts.join(" UNION ALL "));
  return new Map(
    rs.rows.map((r) => [String(r.k), { n: Number(r.n), at: r.at == null ? null : Number(r.at) }]),
  );
}

interface TableCount {
  n: number;
  /** Newest month covered ('YYYY-MM'). */
  month: string | null;
  /** Newest time a file was taken (epoch ms). */
  at: number | null;
  /** Rows whose file states no date. */
  undated: number;
}

/** Rows, newest month or file date of the datasets kept in tables of their own (tens of thousands of rows). */
async function datasetTables(): Promise<Map<string, TableCount>> {
  const parts = SOURCES.flatMap((s) => s.tables ?? []);
  const rs = await rawClient().execute(
    parts
      .map(
        (t) =>
          `SELECT '${t.table}' AS t, count(*) AS n, max(${t.month ?? "NULL"}) AS month,
                  max(${t.takenAt ?? "NULL"}) AS at, ${t.takenAt ? `sum(${t.takenAt} IS NULL)` : "0"} AS undated
           FROM ${t.table}`,
      )
      .join(" UNION ALL "),
  );
  return new Map(
    rs.rows.map((r) => [
      String(r.t),
      {
        n: Number(r.n),
        month: r.month == null ? null : String(r.month),
        at: r.at == null ? null : Number(r.at),
        undated: Number(r.undated ?? 0),
      },
    ]),
  );
}

/**
 * The catalog's sources (each at its newest point of reviews, owners, price or players) and whether
 * demo games exist: what a figure computed over the whole catalog names, and the "demo" marker.
 */
export async function catalogState(): Promise<CatalogState> {
  const [demo, provenance] = await Promise.all([hasDemoData(), catalogProvenance()]);
  // The per-game estimates are a figure of their own, named where they are shown.
  return { demo, provenance: provenance.filter((p) => p.source !== ESTIMATES_SOURCE) };
}
