import { sql } from "drizzle-orm";
import {
  type AccountEvent,
  NOTIFICATION_LIST_LIMIT,
  type Notification,
  type NotificationList,
} from "../../contracts/notifications.ts";
import type { Provenance } from "../../contracts/provenance.ts";
import type { Writer } from "../auth/session.ts";
import { onCatalogChanged } from "../catalog/changes.ts";
import { provenanceOf } from "../catalog/provenance.ts";
import { CONVERTED_PRICE_SOURCES, figureMethod } from "../catalog/source-names.ts";
import { dataVersion, rawClient, readRows } from "../db/client.ts";
import { log } from "../log.ts";
import { publishToUser, usersSubscribedTo } from "../realtime/hub.ts";

/**
 * Notifications about the games on a user's watchlist (Settings → Notifications: price alerts and
 * game updates). The database writes them: triggers on `games` and `game_metrics` (migrations 0022, 0024)
 * add a row for each user tracking the game whose settings ask for that kind, in the transaction of
 * the change itself, whichever import, sync or process made it, with the source and time of the new
 * figure as they stood then (a later import changes no notification). This module lists them, marks them
 * read, and sends new ones to their users' open sockets (`startNotificationFeed`).
 */
type Row = Record<string, unknown>;

const COLUMNS = `n.id, n.kind, n.detail, n.created_at, n.read_at, n.user_id, g.id AS game_id, g.name AS game_name`;
/** Account notifications have no game: a LEFT JOIN keeps them. */
const FROM = "FROM notifications n LEFT JOIN games g ON g.id = n.game_id";

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
 * A price notification's recorded source and time (migration 0024 writes them when it is made): the
 * key present with a null source is a price written without one; a notification made before 0024 has
 * no key, and no source is recorded for it either.
 */
function recordedPrice(source: unknown, at: unknown): Provenance | null {
  if (typeof source !== "string" || source === "") return null;
  return provenanceOf(source, num(at), figureMethod(source, "price"));
}

function shape(rows: Row[]): Notification[] {
  const out: Notification[] = [];
  for (const row of rows) {
    const detail = parseDetail(row.detail);
    const common = {
      id: Number(row.id),
      createdAt: new Date(Number(row.created_at)).toISOString(),
      read: row.read_at != null,
    };
    if (row.kind === "account") {
      let account: AccountEvent;
      if (detail.event === "password_removed") {
        account = { event: "password_removed", provider: String(detail.provider ?? "") };
      } else if (detail.event === "temporary_password" && typeof detail.expiresAt === "string") {
        account = { event: "temporary_password", expiresAt: detail.expiresAt };
      } else continue;
      out.push({ ...common, kind: "account", game: null, provenance: null, account });
      continue;
    }
    if (row.game_id == null) continue;
    const base = { ...common, game: { id: String(row.game_id), name: String(row.game_name) } };
    if (row.kind === "price") {
      const from = num(detail.from);
      const to = num(detail.to);
      if (from == null || to == null) continue;
      const fromSource = typeof detail.fromSource === "string" ? detail.fromSource : null;
      out.push({
        ...base,
        kind: "price",
        price: { from, to, fromConverted: fromSource != null && CONVERTED_PRICE_SOURCES.has(fromSource) },
        provenance: recordedPrice(detail.source, detail.at),
        earlier: recordedPrice(detail.fromSource, detail.fromAt),
      });
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
        provenance: detail.source
          ? provenanceOf(String(detail.source), at, figureMethod(String(detail.source), metric))
          : null,
      });
    }
  }
  return out;
}

/** The user's newest notifications and how many are unread. */
export async function listNotifications(userId: string): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    readRows(
      `SELECT ${COLUMNS} ${FROM}
       WHERE n.user_id = ? ORDER BY n.id DESC LIMIT ?`,
      [userId, NOTIFICATION_LIST_LIMIT],
    ),
    countUnread(userId),
  ]);
  return { notifications: shape(rows), unread };
}

async function countUnread(userId: string): Promise<number> {
  const [row] = await readRows(
    "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL",
    [userId],
  );
  return Number(row?.n ?? 0);
}

/**
 * Tells a user about their account in the bell: it is listed with the rest and sent to their open
 * sockets by the feed like any other notification. With `unlessUnread`, a notice the user has not
 * read yet with the same words is not added twice (signing in again with the same temporary password).
 */
export async function addAccountNotification(
  userId: string,
  detail: AccountEvent,
  options: { unlessUnread?: boolean } = {},
): Promise<void> {
  const json = JSON.stringify(detail);
  await rawClient().execute(
    options.unlessUnread
      ? {
          sql: `INSERT INTO notifications (user_id, game_id, kind, detail)
                SELECT ?, NULL, 'account', ? WHERE NOT EXISTS (
                  SELECT 1 FROM notifications
                  WHERE user_id = ? AND kind = 'account' AND detail = ? AND read_at IS NULL)`,
          args: [userId, json, userId, json],
        }
      : {
          sql: "INSERT INTO notifications (user_id, game_id, kind, detail) VALUES (?, NULL, 'account', ?)",
          args: [userId, json],
        },
  );
}

/**
 * Removes the user's "Signed in with a temporary password" notices, in the caller's transaction: the
 * temporary password they speak of is gone (the user set their own, a provider sign-in removed it) or
 * replaced by a new reset, so "it stops working on …" would no longer be true (ADR 027 addenda).
 */
export async function deleteTemporaryPasswordNoticesIn(tx: Writer, userId: string): Promise<void> {
  await tx.run(
    sql`DELETE FROM notifications WHERE user_id = ${userId} AND kind = 'account'
        AND json_extract(detail, '$.event') = 'temporary_password'`,
  );
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

const NOTIFICATION_FEED_INTERVAL_MS = 2000;
const FEED_BATCH = 1000;

/** The last notification id sent (null: not read yet), and the database version last looked at. */
let sentUpTo: number | null = null;
let checkedVersion: number | null | undefined;
let chain: Promise<void> = Promise.resolve();

async function deliver(): Promise<void> {
  const version = dataVersion();
  // Nothing committed since the last look (a remote database has no version: always read).
  if (sentUpTo !== null && version !== null && version === checkedVersion) return;
  checkedVersion = version;
  // Nobody listening: nothing to read but where the table stands (its newest id, one index step);
  // what is made meanwhile waits in the list.
  const listening = usersSubscribedTo("notifications");
  if (sentUpTo === null || listening.size === 0) {
    sentUpTo = await newestId();
    if (listening.size === 0) return;
  }
  for (;;) {
    const rows = await readRows(
      `SELECT ${COLUMNS} ${FROM}
       WHERE n.id > ? ORDER BY n.id LIMIT ?`,
      [sentUpTo, FEED_BATCH],
    );
    if (rows.length === 0) return;
    sentUpTo = Number(rows.at(-1)!.id);
    const byUser = new Map<string, Row[]>();
    for (const row of rows) {
      const userId = String(row.user_id);
      if (!listening.has(userId)) continue;
      const own = byUser.get(userId);
      if (own) own.push(row);
      else byUser.set(userId, [row]);
    }
    for (const [userId, own] of byUser) {
      publishToUser(userId, "notifications", { notifications: shape(own).reverse() });
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
