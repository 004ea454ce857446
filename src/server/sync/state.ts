import { eq, sql } from "drizzle-orm";
import type { IgdbStatus, PlatformConnection, SyncSource, SyncState } from "../../contracts/sources.ts";
import { db } from "../db/client.ts";
import { sourceSyncs } from "../db/schema/index.ts";
import { type Env, env } from "../env.ts";
import { consoleGames, storedCounts } from "./stored.ts";

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

/** Sources whose keys the service may refuse, and whose refusal is recorded. */
export const KEYED: ReadonlySet<SyncSource> = new Set(Object.keys(REQUIRED) as SyncSource[]);

/**
 * Which keys a source is configured with, as a hash (never the keys): a refusal or an acceptance
 * recorded for other keys says nothing of the ones set now.
 */
export function credentialsKey(source: SyncSource, config: Env = env()): string {
  const values = (REQUIRED[source] ?? []).map((name) => String(config[name] ?? ""));
  return new Bun.CryptoHasher("sha256").update(values.join("\n")).digest("hex").slice(0, 16);
}

export async function recordSyncRun(
  source: SyncSource,
  run: {
    status: "ok" | "error";
    records: number;
    message: string | null;
    durationMs: number;
    /** Whether the service accepted or refused the keys; absent when the run didn't find out. */
    credentials?: "accepted" | "refused";
  },
  now = new Date(),
): Promise<void> {
  const { credentials, ...rest } = run;
  const values = {
    source,
    ...rest,
    lastSyncAt: now,
    ...(run.status === "ok" ? { lastSuccessAt: now } : {}),
    ...(credentials ? { credentials, credentialsKey: credentialsKey(source) } : {}),
  };
  const { source: _s, ...set } = values;
  await db().insert(sourceSyncs).values(values).onConflictDoUpdate({ target: sourceSyncs.source, set });
}

/**
 * What the service said of the keys set now at the last attempt to use them: accepted, refused, or
 * null when no run has tried these keys. A row migration 0025 filled (no key recorded) stands for the
 * keys of its time.
 */
async function credentialsVerdict(source: SyncSource): Promise<"accepted" | "refused" | null> {
  const [row] = await db()
    .select({ credentials: sourceSyncs.credentials, key: sourceSyncs.credentialsKey })
    .from(sourceSyncs)
    .where(eq(sourceSyncs.source, source));
  if (!row?.credentials) return null;
  return row.key == null || row.key === credentialsKey(source) ? row.credentials : null;
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

/**
 * The live sources' health as the health workflow judges it ("Check the live sources"): how many have
 * been synced, and those whose last sync failed, in whole or in part (a run that succeeded with a
 * message: a kind of data whose every call failed, review r27 #5). The Admin Dashboard's System Health
 * reads the same, so the two never disagree (review r20-b #6).
 */
export async function liveSourceHealth(): Promise<{
  synced: number;
  failing: Array<{ source: SyncSource; message: string | null; lastSyncAt: string }>;
}> {
  const states = [...(await syncStates()).values()];
  return {
    synced: states.length,
    failing: states
      .filter((s) => s.status === "error" || s.message != null)
      .map(({ source, message, lastSyncAt }) => ({ source, message, lastSyncAt })),
  };
}

/** Spec §3 Status for the games database: from configuration and IGDB's last sync. */
export async function igdbStatus(): Promise<IgdbStatus> {
  const missing = missingConfig("igdb");
  const [last, verdict] = await Promise.all([
    syncStates().then((s) => s.get("igdb")),
    missing.length ? null : credentialsVerdict("igdb"),
  ]);
  return {
    status: missing.length ? "not_configured" : last?.status === "error" ? "degraded" : "operational",
    authenticated: verdict === "accepted",
    lastSync: last?.lastSyncAt ?? null,
    lastSuccess: last?.lastSuccessAt ?? null,
    message:
      [
        // In the order of `status`: keys removed after a failed sync are "not configured", and the
        // message says so rather than blame that sync (review r26b #6).
        missing.length
          ? `IGDB is not configured (${missing.join(", ")}): games come from the imported catalog.`
          : last?.status === "error"
            ? `The last IGDB sync failed (${last.message}); showing the games stored before.`
            : verdict === "refused"
              ? "Twitch refused the IGDB client id and secret at the last sync; showing the games stored before."
              : null,
        missing.length === 0 && verdict == null
          ? "The IGDB keys set now have not been tried yet: the next IGDB sync checks them with Twitch."
          : null,
      ]
        .filter((m) => m != null)
        .join(" ") || null,
  };
}

/**
 * The games database status as a customer reads it: the state and since when, never why a sync
 * failed nor which settings are missing (issue 9 §4: those are for operators).
 */
export function customerIgdbStatus(status: IgdbStatus): IgdbStatus {
  return {
    ...status,
    // Not connected is no passing fault: "not available right now" read as one (review r26/a #11).
    message:
      status.message == null
        ? null
        : status.status === "not_configured"
          ? "IGDB is not connected: the games database answers from the games stored in our catalog."
          : "IGDB data is not available right now: the games database answers from the games stored.",
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
  // No official public catalog: IGDB's sync is their connection; the games stored name their own
  // sources (a VGChartz file, IGDB, Steam), consoleSource.
  { id: "playstation", name: "PlayStation", source: "metadata via IGDB", sync: "igdb", unit: "games" },
  { id: "xbox", name: "Xbox", source: "metadata via IGDB", sync: "igdb", unit: "games" },
  { id: "igdb", name: "IGDB", source: "IGDB v4 API", sync: "igdb", unit: "games" },
  { id: "kaggle", name: "Kaggle", source: "datasets API", sync: "kaggle", unit: "datasets" },
  { id: "github", name: "GitHub", source: "repository search", sync: "github", unit: "datasets" },
];

/**
 * How PlayStation's or Xbox's games came in: the sources of the games stored, and IGDB's sync (whose
 * state the row shows) for their metadata; "metadata via IGDB" alone while none is stored. Without
 * IGDB's keys no metadata comes from it, and the row says so (review r27-a #8).
 */
function consoleSource(origins: Array<{ source: string }>, igdbConfigured: boolean): string {
  const igdb = igdbConfigured ? "metadata via IGDB" : "IGDB not connected";
  if (!origins.length) return igdbConfigured ? igdb : `no games stored; ${igdb}`;
  const names = origins.map((o) => o.source);
  return `games from ${names.join(", ")}${names.includes("IGDB") ? "" : `; ${igdb}`}`;
}

/**
 * A platform's connection as a customer reads it: its state and since when, without the sync's error
 * text or the names of missing settings (issue 9 §4: those are for operators).
 */
export function customerConnection(connection: PlatformConnection): PlatformConnection {
  return { ...connection, missing: [], message: null };
}

/** The 8 platforms of spec §1, each with its real connection state and what we hold from it. */
export async function platformConnections(): Promise<PlatformConnection[]> {
  const [states, stored, consoles] = await Promise.all([syncStates(), storedCounts(), consoleGames()]);
  const counts: Record<string, number> = {
    ...stored,
    playstation: consoles.playstation.games,
    xbox: consoles.xbox.games,
  };
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
      source:
        p.id === "playstation" || p.id === "xbox"
          ? consoleSource(consoles[p.id].origins, missingConfig("igdb").length === 0)
          : p.source,
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
      // Why the last run failed, or what part of it did (a run that succeeded says nothing else).
      message: state?.message ?? null,
      stored: { count: counts[p.id] ?? 0, unit: p.unit },
    };
  });
}
