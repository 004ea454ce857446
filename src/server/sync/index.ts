import type { SyncSource } from "../../contracts/sources.ts";
import { DAY_MS, startOfUtcDay } from "../catalog/stats.ts";
import {
  type MetricPoint,
  recordCriticScores,
  recordMetrics,
  upsertCompanies,
  upsertGames,
  upsertPlatforms,
} from "../catalog/write.ts";
import { env } from "../env.ts";
import { recordOwnerBands } from "../estimates/owner-bands.ts";
import { log } from "../log.ts";
import { EpicClient } from "../sources/epic.ts";
import { DATASET_QUERY, GithubClient, TRENDING_QUERY } from "../sources/github.ts";
import { GogClient } from "../sources/gog.ts";
import type { BaseOverrides } from "../sources/http.ts";
import { CredentialsRefusedError, IgdbClient } from "../sources/igdb.ts";
import { KaggleClient } from "../sources/kaggle.ts";
import { SteamClient } from "../sources/steam.ts";
import { type SteamSpyApp, SteamSpyClient } from "../sources/steamspy.ts";
import { type SyncLease, takeSyncLease } from "./lease.ts";
import { KEYED, missingConfig, recordSyncRun } from "./state.ts";
import { replaceStoreOffers, saveCommunityDatasets, saveKaggleDatasets, topSteamApps } from "./stored.ts";

/**
 * Runs one live source (issue 5) and stores what its adapter returned: games, platforms, companies
 * and time-series points through the catalog's write services, the rest in the sources' own tables.
 * Each run is recorded in `source_syncs`. A failed run replaces nothing stored before, so the screens
 * keep answering and say when data last came in; what it had stored before it failed (SteamSpy stores
 * each page as it arrives, IGDB platforms and companies before games) stays, and the run's record
 * counts it. `bun run sync <source>` and the scheduled workflow both call `syncSource`.
 */
export const SYNC_SOURCES = [
  "steam",
  "steamspy",
  "epic",
  "gog",
  "igdb",
  "github",
  "kaggle",
] as const satisfies readonly SyncSource[];
export type { SyncSource };

export const isSyncSource = (value: string): value is SyncSource =>
  (SYNC_SOURCES as readonly string[]).includes(value);

export class NotConfiguredError extends Error {
  constructor(
    readonly source: SyncSource,
    readonly missing: string[],
  ) {
    super(`${source} needs ${missing.join(" and ")}`);
    this.name = "NotConfiguredError";
  }
}

export class AlreadyRunningError extends Error {
  constructor(
    readonly source: SyncSource,
    /** When the run another process holds started; absent for a run of this process. */
    readonly since?: Date,
  ) {
    super(
      since
        ? `${source}: a sync is already running in another process since ${since.toISOString()}`
        : `a ${source} sync is already running`,
    );
    this.name = "AlreadyRunningError";
  }
}

/** A run that failed after storing some records: they are kept, and counted in the run's record. */
export class PartialSyncError extends Error {
  constructor(
    message: string,
    readonly records: number,
    options: { cause: unknown },
  ) {
    super(
      `${message} (${records} record${records === 1 ? "" : "s"} stored before the failure are kept)`,
      options,
    );
    this.name = "PartialSyncError";
  }
}

/**
 * What a run has stored so far, told to syncSource as it goes, so a run that fails later counts it;
 * and what did not come in though the run succeeded (a whole kind of data whose every call failed),
 * the run's message.
 */
interface Progress {
  stored: number;
  warnings: string[];
}

export interface SyncOptions {
  /** Where each service answers (tests and benchmarks point these at a local server). */
  bases?: BaseOverrides;
  /** Steam: how many of the most popular catalog games get live players and review summaries. */
  steamGames?: number;
  /** SteamSpy: pages of `all` (1,000 apps each, 1 request a minute) after the top 100. */
  steamspyAllPages?: number;
  /** SteamSpy: told after each `all` page is stored (the live bootstrap shows admins its progress). */
  onSteamSpyPage?: (progress: { page: number; pages: number; records: number }) => void;
  /** IGDB: pages of 500 rated games. */
  igdbPages?: number;
  /** Kaggle: pages of 20 datasets. */
  kagglePages?: number;
  /** The workflow run this sync is a step of: its lease names it (lease.ts, `releaseRunLeases`). */
  runId?: string;
}

/** A Steam sync gives up after this many calls in a row fail: the service is down, not one app. */
const MAX_CONSECUTIVE_FAILURES = 3;

async function syncSteam(options: SyncOptions, progress: Progress): Promise<number> {
  const steam = new SteamClient({ bases: options.bases });
  const apps = await topSteamApps(options.steamGames ?? 25);
  // Daily figures are dated by the run's day; each player count by the moment it was fetched (a run
  // of 25 games paced at 1 call per 1.5 s lasts about two minutes).
  // Review totals move slowly: one point per game and day (the day's latest answer), where players
  // get one every run. A point every 15 minutes made the review series 96 times larger for nothing,
  // and reads over them (the catalog's sources, each game's estimate inputs) grew with it.
  const today = startOfUtcDay(new Date());
  const points: MetricPoint[] = [];
  const details = [];
  let failuresInARow = 0;
  // Calls and failures per kind: one call of each kind per game alternates with the others, so a kind
  // that always fails (the review summaries) never fails 3 times in a row and would go unseen.
  const kinds = new Map<string, { calls: number; failed: number; last: string }>();
  const attempt = async <T>(kind: string, call: () => Promise<T>): Promise<T | null> => {
    const tally = kinds.get(kind) ?? { calls: 0, failed: 0, last: "" };
    kinds.set(kind, tally);
    tally.calls++;
    try {
      const value = await call();
      failuresInARow = 0;
      return value;
    } catch (error) {
      if (++failuresInARow >= MAX_CONSECUTIVE_FAILURES) throw error;
      log.warn("sync: steam call failed", { error: String(error) });
      tally.failed++;
      tally.last = (error instanceof Error ? error.message : String(error)).replace(/^steam: /, "");
      return null;
    }
  };
  for (const { gameId, appid, hasDetails } of apps) {
    const point = (metric: MetricPoint["metric"], value: number, ts: Date): MetricPoint => ({
      gameId,
      metric,
      ts,
      value,
      period: "instant",
      source: "steam-api",
    });
    const daily = (metric: MetricPoint["metric"], value: number): MetricPoint => ({
      ...point(metric, value, today),
      period: "day",
    });
    const players = await attempt("player counts", () => steam.currentPlayers(appid));
    // Stamped when the answer came: the series and its days (player_days) place it at that moment.
    if (players != null) points.push(point("players", players, new Date()));
    const reviews = await attempt("review summaries", () => steam.reviewSummary(appid));
    if (reviews)
      points.push(daily("reviews_positive", reviews.positive), daily("reviews_negative", reviews.negative));
    // The store page fills what the catalog lacks (summary, cover); descriptive fields are never overwritten.
    if (!hasDetails) {
      const game = await attempt("store pages", () => steam.appDetails(appid));
      if (game) details.push(game);
      // The store's price is a figure of today, dated like the other figures it sits beside.
      if (game?.price != null) points.push(daily("price", game.price));
    }
  }
  if (details.length) await upsertGames(details, "steam-api");
  await recordMetrics(points);
  for (const [kind, { calls, failed, last }] of kinds)
    if (failed === calls)
      progress.warnings.push(
        `steam: ${kind}: all ${calls} call${calls === 1 ? "" : "s"} failed (last: ${last}); the other figures were stored`,
      );
  return points.length + details.length;
}

async function syncSteamSpy(options: SyncOptions, progress: Progress): Promise<number> {
  const spy = new SteamSpyClient({ bases: options.bases });
  // The top 100 first, then each `all` page stored as it arrives (a page comes once a minute, so a
  // long run shows its progress in the catalog); the top 100 are on the first pages too: each app
  // is stored once per run (its top-100 record).
  const seen = new Set<number>();
  let stored = await storeSteamSpyApps(await spy.top100In2Weeks(), seen);
  progress.stored = stored;
  const pages = options.steamspyAllPages ?? 0;
  for (let page = 0; page < pages; page++) {
    const batch = await spy.allPage(page);
    if (!batch.length) break;
    stored += await storeSteamSpyApps(batch, seen);
    progress.stored = stored;
    options.onSteamSpyPage?.({ page: page + 1, pages, records: stored });
  }
  return stored;
}

/** Stores SteamSpy apps not stored yet in this run: games, yesterday's peak players, owners today, owner bands. */
async function storeSteamSpyApps(apps: SteamSpyApp[], seen: Set<number>): Promise<number> {
  const unique = [...new Map(apps.map((a) => [a.game.steamAppId, a])).values()].filter(
    (a) => a.game.steamAppId == null || !seen.has(a.game.steamAppId),
  );
  for (const a of unique) if (a.game.steamAppId != null) seen.add(a.game.steamAppId);
  if (unique.length === 0) return 0;
  const { ids } = await upsertGames(
    unique.map((a) => a.game),
    "steamspy-api",
  );
  const now = new Date();
  const today = startOfUtcDay(now);
  const points: MetricPoint[] = [];
  unique.forEach((a, i) => {
    const gameId = ids[i]!;
    // SteamSpy's `ccu` is yesterday's peak of concurrent players: a peak of that day, not a count now.
    if (a.ccu != null)
      points.push({
        gameId,
        metric: "players_peak",
        ts: new Date(today.getTime() - DAY_MS),
        value: a.ccu,
        period: "day",
        source: "steamspy-api",
      });
    // Owners, reviews and price as of today: the game's row follows the newest point of each, so
    // they are points too (a record alone would be put back by an older dataset's points).
    const figure = (metric: MetricPoint["metric"], value: number | null | undefined) => {
      if (value != null)
        points.push({ gameId, metric, ts: today, value, period: "instant", source: "steamspy-api" });
    };
    figure("owners", a.owners);
    figure("reviews_positive", a.game.positiveReviews);
    figure("reviews_negative", a.game.negativeReviews);
    figure("price", a.game.price);
  });
  await recordMetrics(points);
  await recordOwnerBands(
    unique.flatMap((a, i) =>
      a.ownersBand ? [{ gameId: ids[i]!, source: "steamspy-api", asOf: today, ...a.ownersBand }] : [],
    ),
  );
  return unique.length;
}

async function syncIgdb(options: SyncOptions, progress: Progress): Promise<number> {
  const config = env();
  const igdb = new IgdbClient({
    clientId: config.IGDB_CLIENT_ID ?? "",
    clientSecret: config.IGDB_CLIENT_SECRET ?? "",
    bases: options.bases,
  });
  const games = [];
  for (let page = 0; page < (options.igdbPages ?? 1); page++) {
    const batch = await igdb.games(500, page * 500);
    games.push(...batch);
    if (batch.length < 500) break;
  }
  // "Recent" is what came out in the past 30 days: fetch those too, rated or not.
  const now = Date.now() / 1000;
  games.push(...(await igdb.releasedBetween(now - 30 * 86_400, now)));
  const platforms = await igdb.platforms();
  const companies = await igdb.companies();
  await upsertPlatforms(platforms);
  await upsertCompanies(companies);
  progress.stored = platforms.length + companies.length;
  const unique = [...new Map(games.map((g) => [g.igdbId, g])).values()];
  const { ids } = await upsertGames(unique, "igdb");
  // IGDB's critic rating, dated the day it was read: the rating's provenance where it is the one shown.
  const today = startOfUtcDay(new Date());
  await recordCriticScores(
    unique.flatMap((g, i) =>
      g.rating != null ? [{ gameId: ids[i]!, score: g.rating, ts: today, source: "igdb" }] : [],
    ),
  );
  return unique.length + platforms.length + companies.length;
}

async function syncGithub(options: SyncOptions): Promise<number> {
  const github = new GithubClient({ token: env().GITHUB_TOKEN, bases: options.bases });
  const datasets = await github.searchRepositories(DATASET_QUERY, "stars");
  const trending = await github.searchRepositories(TRENDING_QUERY, "updated");
  return saveCommunityDatasets(datasets, trending);
}

async function syncKaggle(options: SyncOptions): Promise<number> {
  const config = env();
  const kaggle = new KaggleClient({
    username: config.KAGGLE_USERNAME ?? "",
    key: config.KAGGLE_KEY ?? "",
    bases: options.bases,
  });
  return saveKaggleDatasets(await kaggle.datasets("video games", options.kagglePages ?? 2));
}

const RUNNERS: Record<SyncSource, (options: SyncOptions, progress: Progress) => Promise<number>> = {
  steam: syncSteam,
  steamspy: syncSteamSpy,
  igdb: syncIgdb,
  github: syncGithub,
  kaggle: syncKaggle,
  epic: async (o) => replaceStoreOffers("Epic", await new EpicClient({ bases: o.bases }).freeGames()),
  gog: async (o) => replaceStoreOffers("GOG", await new GogClient({ bases: o.bases }).catalog()),
};

const running = new Set<SyncSource>();

/**
 * Runs one source and records the run. Throws NotConfiguredError (nothing recorded: the platform
 * list already says what is missing), AlreadyRunningError (a run of the source in this process, or in
 * another one: its lease, lease.ts; nothing recorded), or the adapter's error (recorded).
 */
export async function syncSource(
  source: SyncSource,
  options: SyncOptions = {},
): Promise<{ records: number; durationMs: number; message: string | null }> {
  const missing = missingConfig(source);
  if (missing.length) throw new NotConfiguredError(source, missing);
  if (running.has(source)) throw new AlreadyRunningError(source);
  running.add(source);
  let lease: SyncLease;
  try {
    const taken = await takeSyncLease(source, Date.now(), { run: options.runId });
    if ("heldSince" in taken) throw new AlreadyRunningError(source, taken.heldSince);
    lease = taken;
  } catch (error) {
    running.delete(source);
    throw error;
  }
  const started = performance.now();
  const progress: Progress = { stored: 0, warnings: [] };
  try {
    const records = await RUNNERS[source](options, progress);
    const durationMs = Math.round(performance.now() - started);
    // A run that used keys and succeeded had them accepted; one Twitch refused records the refusal.
    const credentials = KEYED.has(source) ? ("accepted" as const) : undefined;
    // A kind of data that did not come in is said on the run (Data Sources, the health check), though
    // what came in is served: the run succeeded.
    const message = progress.warnings.join("; ") || null;
    await recordSyncRun(source, { status: "ok", records, message, durationMs, credentials });
    if (message) log.warn("sync finished with a part missing", { source, records, durationMs, message });
    else log.info("sync finished", { source, records, durationMs });
    return { records, durationMs, message };
  } catch (failure) {
    // Records stored before the failure stay: the run says how many (its last success is unchanged).
    const error = progress.stored
      ? new PartialSyncError(failure instanceof Error ? failure.message : String(failure), progress.stored, {
          cause: failure,
        })
      : failure;
    const message = error instanceof Error ? error.message : String(error);
    const durationMs = Math.round(performance.now() - started);
    await recordSyncRun(source, {
      status: "error",
      records: progress.stored,
      message,
      durationMs,
      ...(failure instanceof CredentialsRefusedError ? { credentials: "refused" as const } : {}),
    });
    log.error("sync failed", { source, message, durationMs });
    throw error;
  } finally {
    running.delete(source);
    await lease
      .release()
      .catch((error) => log.warn("sync lease not released", { source, error: String(error) }));
  }
}
