/**
 * What the user's own socket channel (`notifications`) carries, as plain types and one guard without
 * zod: the app shell reads these, and zod must stay out of its bundle (issue 13's first-route budget).
 */
import type { Notification } from "./notifications.ts";

/** The `notifications` channel's message: the notifications just created for this user. */
export interface NotificationUpdate {
  notifications: Notification[];
}

/**
 * The `notifications` channel's other message: the user's watchlist changed (from any of their tabs
 * or devices), so every open screen of theirs refetches it and its Track buttons.
 */
export interface WatchlistChange {
  watchlist: { change: "tracked" | "untracked"; gameId: string };
}

/** What the user's own channel carries. */
export type UserChannelMessage = NotificationUpdate | WatchlistChange;

export const isWatchlistChange = (message: unknown): message is WatchlistChange =>
  typeof message === "object" && message !== null && "watchlist" in message;
