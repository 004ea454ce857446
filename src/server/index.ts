import { startAuditRetention } from "./accounts/audit.ts";
import { startNotificationFeed } from "./accounts/notifications.ts";
import { warnUnclaimedAdminEmails } from "./accounts/users.ts";
import { createApp } from "./app.ts";
import { warmCatalogIndex } from "./catalog/catalog-index.ts";
import { onCatalogChanged } from "./catalog/changes.ts";
import { warmSearchIndex } from "./catalog/search-index.ts";
import { startTrendingFollow } from "./catalog/trending.ts";
import { closeDb, refreshPlannerStatistics } from "./db/client.ts";
import { runMigrations } from "./db/migrate.ts";
import { seedDemoIfEmpty } from "./db/seed/demo.ts";
import { seedMarketYears } from "./db/seed/market.ts";
import { loadSnapshotIfNeeded } from "./db/seed/snapshot.ts";
import { EnvError, env } from "./env.ts";
import { startEstimates } from "./estimates/store.ts";
import { serverIdleTimeoutSeconds } from "./http/request-limits.ts";
import { log } from "./log.ts";
import { startBackupSchedule } from "./operations/backup.ts";
import { loadSystemSettings, startSettingsFollow } from "./operations/settings.ts";
import { attachServer, closeAll, detachServer } from "./realtime/hub.ts";
import { startSessionWatch } from "./realtime/session-watch.ts";
import { type SocketState, websocketHandler } from "./realtime/socket.ts";
import { startStatsPublisher } from "./realtime/stats-publisher.ts";
import { startLiveBootstrap } from "./sync/bootstrap.ts";
import { closeInterruptedRuns, startRunSweep, startScheduler } from "./workflows/runner.ts";

/** The only file that opens a port: migrations, then HTTP + WebSocket on Bun, graceful shutdown. */
const started = performance.now();
let config: ReturnType<typeof env>;
try {
  config = env();
} catch (error) {
  if (error instanceof EnvError) {
    // One line naming each bad variable, e.g. "Invalid configuration: PORT: expected a number".
    const [head, ...issues] = error.message.split("\n");
    console.error([head, issues.map((line) => line.trim()).join("; ")].filter(Boolean).join(" "));
    process.exit(1);
  }
  throw error;
}

await runMigrations();
await seedMarketYears();
let firstStart = false;
// An empty catalog starts with real data (the shipped May 2019 snapshot); demo data only when asked.
if (config.DEMO_DATA === "on") {
  const demo = await seedDemoIfEmpty();
  if (demo)
    log.info("demo data seeded into the empty database", {
      games: demo.games,
      points: demo.points,
      ms: demo.ms,
    });
} else if (config.SNAPSHOT_DATA === "on") {
  // An empty catalog, or a load an earlier start began and did not finish. A load that fails is said
  // and the server starts with what is in; the Data sources page says the catalog is partial, and the
  // next start tries again.
  const loaded = await loadSnapshotIfNeeded().catch((error) => {
    log.error("the Steam Store Games snapshot did not finish loading; the next start tries again", {
      error: String(error),
    });
    return null;
  });
  firstStart = loaded != null;
  if (loaded)
    log.info("Steam Store Games snapshot loaded", {
      games: loaded.summary.inserted,
      updated: loaded.summary.updated,
      skipped: loaded.summary.skipped,
      ms: loaded.summary.ms,
      rowsPerSecond: loaded.rowsPerSecond,
    });
}
// Planner statistics for what the start loaded, and again after each burst of catalog writes.
await refreshPlannerStatistics();
const stopPlannerStatistics = onCatalogChanged(() => {
  refreshPlannerStatistics().catch((error) =>
    log.warn("planner statistics not refreshed", { error: String(error) }),
  );
});
// Built in the background: the first searches wait for it rather than the server's start. The
// search index first (every screen's header searches), then the catalog index (the screener, lists):
// built side by side, both slices shared the event loop and the first search waited for both.
const indexesBuilt = warmSearchIndex().then(warmCatalogIndex);
await loadSystemSettings();
// Another process's change of a setting (maintenance mode) is followed with no request coming in.
const stopSettingsFollow = startSettingsFollow();
// …and so is another process's catalog change (an import run by hand), for live Trending lists.
const stopTrendingFollow = startTrendingFollow();
await warnUnclaimedAdminEmails();
const app = createApp();

// Longer than any request legitimately works (a model call with its retries, a wait on GitHub).
const idleTimeout = serverIdleTimeoutSeconds(config.AI_TIMEOUT_MS);
const server = Bun.serve<SocketState>({
  port: config.PORT,
  idleTimeout,
  fetch: (request, srv) => app.fetch(request, { server: srv }),
  websocket: websocketHandler,
});
attachServer(server);
const stopStats = startStatsPublisher();
// Open sockets follow their sessions and roles, also when another process changes them.
const stopSessionWatch = startSessionWatch();
// Price alerts and game updates reach their users' open sockets as the database makes them.
const stopNotifications = startNotificationFeed();
// The check of every game's estimate (seconds at 330,000 games) waits for the indexes, which the
// first searches and lists wait for; a first start's new games are estimated then too.
const stopEstimates = startEstimates(indexesBuilt);
// Runs another live server process is running are left to it; the sweep closes them if it stops.
const interrupted = await closeInterruptedRuns();
if (interrupted) log.warn("workflow runs interrupted by the last stop marked failed", { runs: interrupted });
const stopRunSweep = startRunSweep();
const stopBackups = startBackupSchedule();
const stopAuditRetention = startAuditRetention();
const stopScheduler = config.WORKFLOW_SCHEDULER === "on" ? startScheduler() : () => {};
// A first start also begins the keyless live syncs, so player history starts within minutes.
if (firstStart && config.LIVE_BOOTSTRAP === "on") startLiveBootstrap();

log.info("server started", {
  url: `http://localhost:${server.port}`,
  idleTimeoutSeconds: idleTimeout,
  startupMs: Math.round(performance.now() - started),
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  stopStats();
  stopSessionWatch();
  stopNotifications();
  stopEstimates();
  stopPlannerStatistics();
  stopScheduler();
  stopRunSweep();
  stopSettingsFollow();
  stopTrendingFollow();
  stopBackups();
  stopAuditRetention();
  closeAll();
  detachServer();
  await server.stop();
  closeDb();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
