import { sql } from "drizzle-orm";
import type { IgdbStatus, PlatformConnection, SyncSource, SyncState } from "../../contracts/sources.ts";
import { db } from "../db/client.ts";
import { sourceSyncs } from "../db/schema/index.ts";
import { type Env, env } from "../env.ts";
import { storedCounts } from "./stored.ts";

/**
 * Sync state per source (`source_syncs`) and what the screens say about each outside service:
 * configured or not, when data last came in, whether the last run failed. A failed run leaves the
 * stored data in place, and the state says so.
 */

/** The variables a source needs; GitHub works without its (optional) token, at a lower rate. */
const REQUIRED: Partial<Record<SyncSource, Array<keyof Env>>> = {
  igdb: ["IGDB_CLIENT_ID", "IGDB_CLIENT_SECRET"],
  kaggle: ["KAGGLE_USERNAME", "KAGGLE_KEY"],
};

export function missingConfig(source: SyncSource, config: Env = env()): string[] {
  return (REQUIRED[source] ?? []).filter((name) => !config[name]);
}

export async function recordSyncRun(
  source: SyncSource,
  run: { status: "ok" | "error"; records: number; message: string | null; durationMs: number },
  now = new Date(),
): Promise<void> {
  const values = { source, ...run, lastSyncAt: now, ...(run.status === "ok" ? { lastSuccessAt: now } : {}) };
  const { source: _s, ...set } = values;
  await db().insert(sourceSyncs).values(values).onConflictDoUpdate({ target: sourceSyncs.source, set });
}

export async function syncStates(): Promise<Map<SyncSource, SyncState>> {
  const rows = await db().select().from(sourceSyncs).where(sql`1 = 1`);
  return new Map(
    rows.map((r) => [
      r.source as SyncSource,
      {
        source: r.source as SyncSource,
        status: r.status,
        message: r.message,
        records: r.records,
        lastSyncAt: r.lastSyncAt.toISOString(),
        lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
        durationMs: r.durationMs,
      },
    ]),
  );
}

/** Spec §3 Status for the games database: from configuration and IGDB's last sync. */
export async function igdbStatus(): Promise<IgdbStatus> {
  const missing = missingConfig("igdb");
  const last = (await syncStates()).get("igdb");
  return {
    status: last?.status === "error" ? "degraded" : "operational",
    authenticated: missing.length === 0 ? true : "Not authenticated",
    lastSync: last?.lastSyncAt ?? null,
    lastSuccess: last?.lastSuccessAt ?? null,
    message:
      last?.status === "error"
        ? `The last IGDB sync failed (${last.message}); showing the games stored before.`
        : missing.length
          ? `IGDB is not configured (${missing.join(", ")}): games come from the imported catalog.`
          : null,
  };
}

const PLATFORMS: Array<{
  id: PlatformConnection["id"];
  name: string;
  source: string;
  /** The sync whose state this platform shows. */
  sync: SyncSource;
  unit: PlatformConnection["stored"]["unit"];
}> = [
  { id: "steam", name: "Steam", source: "Steam store and SteamSpy", sync: "steam", unit: "games" },
  { id: "epic", name: "Epic Games Store", source: "free-games promotions", sync: "epic", unit: "free games" },
  { id: "gog", name: "GOG", source: "public catalog", sync: "gog", unit: "offers" },
  // No official public catalog: their games come from IGDB's platform data, and the screen says so.
  { id: "playstation", name: "PlayStation", source: "metadata via IGDB", sync: "igdb", unit: "games" },
  { id: "xbox", name: "Xbox", source: "metadata via IGDB", sync: "igdb", unit: "games" },
  { id: "igdb", name: "IGDB", source: "IGDB v4 API", sync: "igdb", unit: "games" },
  { id: "kaggle", name: "Kaggle", source: "datasets API", sync: "kaggle", unit: "datasets" },
  { id: "github", name: "GitHub", source: "repository search", sync: "github", unit: "datasets" },
];

/** The 8 platforms of spec §1, each with its real connection state and what we hold from it. */
export async function platformConnections(): Promise<PlatformConnection[]> {
  const [states, counts] = await Promise.all([syncStates(), storedCounts()]);
  // Steam's games come in through both the Steam and the SteamSpy syncs: the latest of the two counts.
  const steam = [states.get("steam"), states.get("steamspy")]
    .filter((s): s is SyncState => !!s)
    .sort((a, b) => b.lastSyncAt.localeCompare(a.lastSyncAt))[0];
  return PLATFORMS.map((p) => {
    const missing = missingConfig(p.sync);
    const state = p.id === "steam" ? steam : states.get(p.sync);
    return {
      id: p.id,
      name: p.name,
      source: p.source,
      configured: missing.length === 0,
      missing,
      status: missing.length
        ? "not_configured"
        : !state
          ? "never_synced"
          : state.status === "ok"
            ? "connected"
            : "error",
      lastSync: state?.lastSyncAt ?? null,
      lastSuccess: state?.lastSuccessAt ?? null,
      message: state?.status === "error" ? state.message : null,
      stored: { count: counts[p.id] ?? 0, unit: p.unit },
    };
  });
}
