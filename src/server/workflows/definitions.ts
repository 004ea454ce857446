import type { SyncSource } from "../../contracts/sources.ts";
import type { WorkflowId, WorkflowStep } from "../../contracts/workflows.ts";
import { getMarketTrends } from "../catalog/market.ts";
import { countGames } from "../catalog/stats.ts";
import { publishTrending } from "../catalog/trending.ts";
import { measureDatabaseLatency, SLOW_DATABASE_MS } from "../db/client.ts";
import { connectionStats, publish } from "../realtime/hub.ts";
import { AlreadyRunningError, NotConfiguredError, type SyncOptions, syncSource } from "../sync/index.ts";
import { liveSourceHealth } from "../sync/state.ts";

/** A step's outcome: what it did, or that it had nothing to do (skipped) and why. */
export type StepOutcome = { status: "completed" | "skipped"; detail: string };

export interface StepDefinition extends WorkflowStep {
  run: (options: SyncOptions) => Promise<StepOutcome>;
  /** The live source a sync step syncs. */
  source?: SyncSource;
}

export interface WorkflowDefinition {
  id: WorkflowId;
  name: string;
  description: string;
  intervalMs: number;
  schedule: string;
  steps: StepDefinition[];
}

const MINUTE = 60_000;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const HOUR = 60 * MINUTE;

/** One live source through the same code as `bun run sync` (issue 5). */
function syncStep(source: SyncSource, name: string): StepDefinition {
  return {
    name,
    source,
    description: `Fetch from ${name.replace(/^Sync /, "")} and store it in the catalog`,
    run: async (options) => {
      try {
        const { records, message } = await syncSource(source, options);
        return {
          status: "completed",
          detail: `${plural(records, "record")} stored${message ? `; ${message}` : ""}`,
        };
      } catch (error) {
        if (error instanceof NotConfiguredError) {
          return { status: "skipped", detail: `not configured: set ${error.missing.join(" and ")}` };
        }
        // Another process's run (`bun run sync`) says since when; the next scheduled run catches up.
        if (error instanceof AlreadyRunningError)
          return { status: "skipped", detail: error.since ? error.message : "a sync was already running" };
        throw error;
      }
    },
  };
}

const trendingStep: StepDefinition = {
  name: "Recompute trending games",
  description: "Growth of players against the previous period, published on trending_games",
  run: async () => {
    // Current by construction: kept only while the catalog is unchanged (kept-answers.ts).
    const snapshot = await publishTrending();
    return {
      status: "completed",
      detail: `${snapshot.games.length} trending, ${snapshot.rising} rising, ${snapshot.falling} falling`,
    };
  },
};

const marketStep: StepDefinition = {
  name: "Analyse market volatility",
  description: "Volatility per genre from the player series, published on market_trends",
  run: async () => {
    const trends = await getMarketTrends();
    publish("market_trends", trends);
    if (trends.length === 0) return { status: "skipped", detail: "no genre has enough player series yet" };
    const top = [...trends].sort((a, b) => b.volatilityScore - a.volatilityScore)[0]!;
    return {
      status: "completed",
      detail: `${trends.length} genres scored; most volatile ${top.category} (${top.volatilityScore}/10)`,
    };
  },
};

/**
 * The four pipelines of spec §2 "Workflows", with their ids and intervals, doing real work: the
 * sources of issue 5, the derived views of issue 4, and checks of what the app depends on.
 */
export const WORKFLOWS: WorkflowDefinition[] = [
  {
    id: "multi-platform-intelligence",
    name: "Multi-Platform Intelligence",
    description: "Store data from Steam, SteamSpy, Epic and GOG, then recompute trending games.",
    intervalMs: 15 * MINUTE,
    schedule: "every 15 minutes",
    steps: [
      syncStep("steamspy", "Sync SteamSpy"),
      syncStep("steam", "Sync Steam"),
      syncStep("epic", "Sync Epic Games Store"),
      syncStep("gog", "Sync GOG"),
      trendingStep,
    ],
  },
  {
    id: "advanced-ai-intelligence",
    name: "Advanced AI Intelligence",
    description: "Trend and volatility analysis over every player series, published live.",
    intervalMs: 4 * HOUR,
    schedule: "every 4 hours",
    steps: [trendingStep, marketStep],
  },
  {
    id: "historical-data-integration",
    name: "Historical Data Integration",
    description: "Games, platforms and companies from IGDB; datasets from Kaggle and GitHub.",
    intervalMs: 12 * HOUR,
    schedule: "every 12 hours",
    steps: [
      syncStep("igdb", "Sync IGDB"),
      syncStep("kaggle", "Sync Kaggle"),
      syncStep("github", "Sync GitHub"),
    ],
  },
  {
    id: "comprehensive-health-monitoring",
    name: "Comprehensive Health Monitoring",
    description: "Checks the database, the catalog, the live sources and the realtime hub.",
    intervalMs: 5 * MINUTE,
    schedule: "every 5 minutes",
    steps: [
      {
        name: "Check the database",
        description: "A query must answer within a second",
        run: async () => {
          const ms = await measureDatabaseLatency();
          if (ms > SLOW_DATABASE_MS) throw new Error(`the database took ${ms} ms to answer`);
          return { status: "completed", detail: `answered in ${ms} ms` };
        },
      },
      {
        name: "Check the catalog",
        description: "Counts the games the screens read",
        run: async () => {
          const games = await countGames();
          return games > 0
            ? { status: "completed", detail: `${games} games` }
            : { status: "skipped", detail: "the catalog is empty: import data or run a sync" };
        },
      },
      {
        name: "Check the live sources",
        description: "Fails when a source's last sync failed",
        run: async () => {
          const { synced, failing } = await liveSourceHealth();
          if (failing.length) {
            throw new Error(
              `last sync failed for ${failing.map((s) => `${s.source} (${s.message})`).join(", ")}`,
            );
          }
          return synced
            ? { status: "completed", detail: `${synced} sources, all synced without error` }
            : { status: "skipped", detail: "no source has been synced yet" };
        },
      },
      {
        name: "Check the realtime hub",
        description: "Counts open sockets",
        run: async () => {
          const { connections, activeUsers } = connectionStats();
          return {
            status: "completed",
            detail: `${plural(connections, "socket")} open from ${plural(activeUsers, "user")}`,
          };
        },
      },
    ],
  },
];

export function workflowById(id: string): WorkflowDefinition | undefined {
  return WORKFLOWS.find((w) => w.id === id);
}

/**
 * How often a schedule syncs each live source ("every 12 hours"): its workflow's interval while the
 * scheduler runs (`scheduling`) and that workflow is not paused; a source no running schedule syncs
 * is absent (review r33-c #6: screens said "twice a day" with the scheduler off).
 */
export function syncSchedules(scheduling: boolean, paused: ReadonlySet<string>): Map<SyncSource, string> {
  const out = new Map<SyncSource, string>();
  if (!scheduling) return out;
  for (const w of WORKFLOWS) {
    if (paused.has(w.id)) continue;
    for (const step of w.steps) if (step.source && !out.has(step.source)) out.set(step.source, w.schedule);
  }
  return out;
}
