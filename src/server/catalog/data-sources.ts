import type { CatalogState, DataSourceEntry, DataSourcesAnswer } from "../../contracts/data-sources.ts";
import { rawClient } from "../db/client.ts";
import { METRICS } from "../db/schema/index.ts";
import { SNAPSHOT_INFO } from "../db/seed/snapshot.ts";
import { hasDemoData } from "./demo-data.ts";
import { keptUntilChange } from "./kept-answers.ts";
import { sourceLabel } from "./provenance.ts";
import { catalogProvenance } from "./screener.ts";
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
  sync?: string;
  publisher: string;
  licence: string;
  url: string;
  provides: string;
}

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
    metrics: ["steamspy-api", "steamspy-csv"],
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
    id: "newzoo",
    metrics: [],
    publisher: "Newzoo Global Games Market Reports (published figures, cited per year)",
    licence: "Published figures quoted with their citation",
    url: "https://newzoo.com/resources/trend-reports",
    provides: "Global games market revenue by year, segment and region (2012–2027, forecasts marked)",
  },
];

/** Kept until the data changes (kept-answers.ts): the sources' syncs and the market years, every commit. */
export const listDataSources: () => Promise<DataSourcesAnswer> = keptUntilChange(computeDataSources);

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
  const [{ points, demo }, syncs, market] = await Promise.all([
    catalogCounts(),
    client.execute("SELECT source, last_success_at FROM source_syncs"),
    client.execute("SELECT count(*) AS n, max(year) AS year FROM market_years"),
  ]);
  const bySource = new Map(points.rows.map((r) => [String(r.source), { n: Number(r.n), ts: Number(r.ts) }]));
  const lastSync = new Map(
    syncs.rows.map((r) => [String(r.source), r.last_success_at == null ? null : Number(r.last_success_at)]),
  );
  const sources: DataSourceEntry[] = SOURCES.map((s) => {
    if (s.id === "newzoo") {
      const n = Number(market.rows[0]?.n ?? 0);
      return {
        id: s.id,
        name: sourceLabel(s.id),
        publisher: s.publisher,
        licence: s.licence,
        url: s.url,
        provides: s.provides,
        // The latest edition quoted reports on its own year; later years are forecasts.
        asOf: null,
        lastSync: null,
        records: n,
        unit: "years",
      };
    }
    const stored = s.metrics.map((m) => bySource.get(m)).filter((v) => v != null);
    const newest = Math.max(0, ...stored.map((v) => v.ts));
    const synced = s.sync ? lastSync.get(s.sync) : null;
    return {
      id: s.id,
      name: sourceLabel(s.id),
      publisher: s.publisher,
      licence: s.licence,
      url: s.url,
      provides: s.provides,
      asOf: newest ? new Date(newest).toISOString() : null,
      lastSync: synced ? new Date(synced).toISOString() : null,
      records: stored.reduce((sum, v) => sum + v.n, 0),
      unit: "data points",
    };
  });
  return { sources, demo: { games: Number(demo.rows[0]?.n ?? 0) } };
}

/**
 * The catalog's sources (each at its newest point of reviews, owners, price or players) and whether
 * demo games exist: what a figure computed over the whole catalog names, and the "demo" marker.
 */
export async function catalogState(): Promise<CatalogState> {
  const [demo, provenance] = await Promise.all([hasDemoData(), catalogProvenance()]);
  // The per-game estimates are a figure of their own, named where they are shown.
  return { demo, provenance: provenance.filter((p) => p.source !== "Estimates per game") };
}
