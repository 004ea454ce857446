import {
  NOTIFICATION_LIST_LIMIT,
  type Notification,
  type NotificationList,
} from "../../contracts/notifications.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import { onCatalogChanged } from "../catalog/changes.ts";
import { provenanceOf } from "../catalog/provenance.ts";
import { dataVersion, placeholders, rawClient, readRows } from "../db/client.ts";
import { log } from "../log.ts";
import { publishToUser, usersSubscribedTo } from "../realtime/hub.ts";

/**
 * Notifications about the games on a user's watchlist (Settings → Notifications: price alerts and
 * game updates). The database writes them: triggers on `games` and `game_metrics` (migration 0022)
 * add a row for each user tracking the game whose settings ask for that kind, in the transaction of
 * the change itself, whichever import, sync or process made it. This module lists them, marks them
 * read, and sends new ones to their users' open sockets (`startNotificationFeed`).
 */
type Row = Record<string, unknown>;

const COLUMNS = `n.id, n.kind, n.detail, n.created_at, n.read_at, n.user_id, g.id AS game_id, g.name AS game_name`;

function parseDetail(raw: unknown): Record<string, unknown> {
  try {
    const value = typeof raw === "string" ? JSON.parse(raw) : raw;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const num = (v: unknown) => (v == null || v === "" ? null : Number(v));

/**
 * Where each price notification's new price comes from: the game's price series as it stood when the
 * change was seen (its newest point up to a day after), when that point holds the new price (cents
 * compared). A change the series does not hold (a live sync that keeps no price history) has none,
 * and the screen says so.
 */
async function priceProvenance(rows: Row[]): Promise<Map<number, Provenance>> {
  const out = new Map<number, Provenance>();
  const prices = rows.filter((r) => r.kind === "price");
  if (prices.length === 0) return out;
  const ids = [...new Set(prices.map((r) => String(r.game_id)))];
  const points = await readRows(
    `SELECT game_id, value, ts, source FROM game_metrics
     WHERE game_id IN (${placeholders(ids.length)}) AND metric = 'price' ORDER BY ts DESC`,
    ids,
  );
  for (const row of prices) {
    const to = num(parseDetail(row.detail).to);
    const seen = Number(row.created_at);
    const newest = points.find((p) => p.game_id === row.game_id && Number(p.ts) <= seen + 86_400_000);
    if (to != null && newest && Math.round(Number(newest.value) * 100) === Math.round(to * 100))
      out.set(Number(row.id), provenanceOf(String(newest.source), Number(newest.ts)));
  }
  return out;
}

async function shape(rows: Row[]): Promise<Notification[]> {
  const prices = await priceProvenance(rows);
  const out: Notification[] = [];
  for (const row of rows) {
    const detail = parseDetail(row.detail);
    const base = {
      id: Number(row.id),
      game: { id: String(row.game_id), name: String(row.game_name) },
      createdAt: new Date(Number(row.created_at)).toISOString(),
      read: row.read_at != null,
    };
    if (row.kind === "price") {
      const from = num(detail.from);
      const to = num(detail.to);
      if (from == null || to == null) continue;
      out.push({ ...base, kind: "price", price: { from, to }, provenance: prices.get(base.id) ?? null });
    } else if (row.kind === "release_date") {
      if (typeof detail.to !== "string") continue;
      out.push({
        ...base,
        kind: "release_date",
        releaseDate: { from: typeof detail.from === "string" ? detail.from : null, to: detail.to },
        provenance: null,
      });
    } else if (row.kind === "players") {
      const value = num(detail.value);
      const average = num(detail.average);
      const at = num(detail.at);
      const metric = detail.metric === "players_peak" ? "players_peak" : "players";
      if (value == null || average == null || at == null) continue;
      out.push({
        ...base,
        kind: "players",
        players: { metric, value, average, days: Number(detail.days ?? 0), at: new Date(at).toISOString() },
        provenance: provenanceOf(String(detail.source ?? ""), at),
      });
    }
  }
  return out;
}

/** The user's newest notifications and how many are unread. */
export async function listNotifications(userId: string): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    readRows(
      `SELECT ${COLUMNS} FROM notifications n JOIN games g ON g.id = n.game_id
       WHERE n.user_id = ? ORDER BY n.id DESC LIMIT ?`,
      [userId, NOTIFICATION_LIST_LIMIT],
    ),
    countUnread(userId),
  ]);
  return { notifications: await shape(rows), unread };
}

async function countUnread(userId: string): Promise<number> {
  const [row] = await readRows(
    "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL",
    [userId],
  );
  return Number(row?.n ?? 0);
}

/** Marks the user's notifications up to `upTo` (the newest they saw) read; answers what is left unread. */
export async function markNotificationsRead(userId: string, upTo: number): Promise<{ unread: number }> {
  await rawClient().execute({
    sql: "UPDATE notifications SET read_at = ? WHERE user_id = ? AND id <= ? AND read_at IS NULL",
    args: [Date.now(), userId, upTo],
  });
  return { unread: await countUnread(userId) };
}

/** The newest notification id: the feed starts after it. */
async function newestId(): Promise<number> {
  const [row] = await readRows("SELECT coalesce(max(id), 0) AS id FROM notifications");
  return Number(row?.id ?? 0);
}

export const NOTIFICATION_FEED_INTERVAL_MS = 2000;
const FEED_BATCH = 1000;

/** The last notification id sent (null: not read yet), and the database version last looked at. */
let sentUpTo: number | null = null;
let checkedVersion: number | null | undefined;
let chain: Promise<void> = Promise.resolve();

async function deliver(): Promise<void> {
  if (sentUpTo === null) sentUpTo = await newestId();
  const version = dataVersion();
  // Nothing committed since the last look (a remote database has no version: always read).
  if (version !== null && version === checkedVersion) return;
  checkedVersion = version;
  for (;;) {
    const rows = await readRows(
      `SELECT ${COLUMNS} FROM notifications n JOIN games g ON g.id = n.game_id
       WHERE n.id > ? ORDER BY n.id LIMIT ?`,
      [sentUpTo, FEED_BATCH],
    );
    if (rows.length === 0) return;
    sentUpTo = Number(rows.at(-1)!.id);
    const listening = usersSubscribedTo("notifications");
    const byUser = new Map<string, Row[]>();
    for (const row of rows) {
      const userId = String(row.user_id);
      if (listening.has(userId)) byUser.set(userId, [...(byUser.get(userId) ?? []), row]);
    }
    for (const [userId, own] of byUser) {
      publishToUser(userId, "notifications", { notifications: (await shape(own)).reverse() });
    }
    if (rows.length < FEED_BATCH) return;
  }
}

/**
 * Sends the notifications made since the last call to their users' open sockets, on the
 * `notifications` channel; calls run one after another. The first call only notes where the table
 * stands: what was made before the server started waits in the list (GET /api/user/notifications).
 */
export function deliverNewNotifications(): Promise<void> {
  chain = chain
    .then(deliver)
    .catch((error) => log.warn("notifications: could not deliver", { error: String(error) }));
  return chain;
}

/**
 * Follows the notifications table for the live feed: after every burst of catalog writes in this
 * process, and on a timer for changes made elsewhere (an import run from the shell, another
 * instance). Returns a stop function.
 */
export function startNotificationFeed(intervalMs = NOTIFICATION_FEED_INTERVAL_MS): () => void {
  void deliverNewNotifications();
  const stopListening = onCatalogChanged(() => void deliverNewNotifications());
  const timer = setInterval(() => void deliverNewNotifications(), intervalMs);
  return () => {
    stopListening();
    clearInterval(timer);
  };
}
