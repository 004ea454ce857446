import { z } from "zod";
import type { Provenance } from "./provenance.ts";

/**
 * In-app notifications about the games on a user's watchlist (Settings → Notifications): price
 * alerts and game updates. `GET /api/user/notifications` lists them, newest first; new ones also
 * arrive on the socket's `notifications` channel, which carries each user's own.
 * The client imports the types only (`import type`), so zod stays out of its bundle.
 */
interface NotificationBase {
  /** Increasing: a later notification has a larger id. */
  id: number;
  game: { id: string; name: string };
  /** When this server saw the change (ISO 8601). */
  createdAt: string;
  read: boolean;
  /**
   * Where the new figure comes from and its time, recorded when the notification was made (it never
   * changes afterwards); null when the catalog did not record it.
   */
  provenance: Provenance | null;
}

export type PriceNotification = NotificationBase & {
  kind: "price";
  /**
   * USD; 0 is free to play. `fromConverted`: the earlier price is a conversion from another currency
   * (the Steam Store snapshot's GBP at 1.27 USD/GBP), not a listed US price. A converted and a listed
   * price are only compared when one of them is free (ADR 021).
   */
  price: { from: number; to: number; fromConverted: boolean };
  /** Where the earlier price came from and its time, as recorded with the alert; null when not recorded. */
  earlier: Provenance | null;
};

export type ReleaseDateNotification = NotificationBase & {
  kind: "release_date";
  /** ISO dates (YYYY-MM-DD); `from` is null for a game that had none. */
  releaseDate: { from: string | null; to: string };
};

export type PlayersNotification = NotificationBase & {
  kind: "players";
  players: {
    /** `players`: a count of concurrent players; `players_peak`: a day's peak. */
    metric: "players" | "players_peak";
    value: number;
    /** The game's average of the `days` days before (daily means, same source and measure). */
    average: number;
    days: number;
    /** The time of the count (ISO 8601). */
    at: string;
  };
};

/**
 * About the account itself, not a game (`game` is null, and so is `provenance`).
 * `password_removed`: a provider sign-in with a verified address linked this account, and the password
 * set on it before anyone had proven the address was removed (it may have been set by someone else).
 * `temporary_password`: the user signed in with a temporary password an admin set, which stops
 * working at `expiresAt` (ISO 8601); they should set their own (ADR 027 addendum).
 */
export type AccountNotification = Omit<NotificationBase, "game"> & {
  kind: "account";
  game: null;
  account: AccountEvent;
};

export type AccountEvent =
  | { event: "password_removed"; provider: string }
  | { event: "temporary_password"; expiresAt: string };

export type GameNotification = PriceNotification | ReleaseDateNotification | PlayersNotification;
export type Notification = GameNotification | AccountNotification;

export interface NotificationList {
  notifications: Notification[];
  /** Unread notifications in all (the list holds the newest `NOTIFICATION_LIST_LIMIT`). */
  unread: number;
}

// The channel's messages (NotificationUpdate, WatchlistChange) are in user-channel.ts, without zod,
// as the app shell reads them.
export type { NotificationUpdate, UserChannelMessage, WatchlistChange } from "./user-channel.ts";

export const NOTIFICATION_LIST_LIMIT = 50;
/** Each user keeps this many notifications, newest first (migration 0022). */
export const NOTIFICATIONS_KEPT = 200;

/** The rules of "Game updates" the triggers apply (migration 0022), as the screens state them. */
export const PLAYER_SPIKE_RATIO = 1.5;
export const PLAYER_SPIKE_BASELINE_DAYS = 7;
export const PLAYER_SPIKE_MIN_DAYS = 3;

/** `POST /api/user/notifications/read`: marks every notification up to this id read. */
export const MarkNotificationsReadSchema = z.strictObject({
  upTo: z.number({ message: "Give the id of the newest notification seen" }).int().positive(),
});
