import { z } from "zod";
import type { PublicStatus } from "./operations.ts";
import { PREMIUM_REQUIRED_DETAIL, type Role } from "./roles.ts";

/**
 * The live channels of spec §7, and `notifications`: each user's own notifications about the games
 * they track (Settings → Notifications), delivered only to that user's sockets. `ai_analysis` ("an
 * analysis of yours just finished") is each user's own as well.
 */
export const CHANNELS = [
  "analytics_stats",
  "trending_games",
  "ai_analysis",
  "market_trends",
  "notifications",
] as const;
export type Channel = (typeof CHANNELS)[number];

/** Channels whose messages belong to one user: a subscriber hears only their own. */
export const USER_CHANNELS: ReadonlySet<Channel> = new Set<Channel>(["notifications", "ai_analysis"]);

/**
 * Channels whose data is a Premium feature (AI Analytics): the server offers and confirms them only to
 * Premium and Admin users, as it guards the same data over HTTP (every `/api/ai/*` route). A Starter
 * user's subscribe to one is answered with `subscription_refused` naming it and why.
 * `market_trends` is open to every signed-in user, as `GET /api/analytics/market-trends` is (spec §7,
 * review r22-c #5); a Starter user's copy comes without the genres' volatility (ADR 020), as there.
 */
export const PREMIUM_CHANNELS: ReadonlySet<Channel> = new Set<Channel>(["ai_analysis"]);

/** Why a Starter user's subscribe to a PREMIUM_CHANNELS channel is refused: the HTTP 403's words. */
export const PREMIUM_CHANNEL_REASON = PREMIUM_REQUIRED_DETAIL;
/** Why a subscribe to a name that is no channel (a typo, an old name) is refused. */
export const UNKNOWN_CHANNEL_REASON = "Unknown channel";

/** The channels a user of `premium` access may join: what their `connection` message offers. */
export function channelsFor(premium: boolean): Channel[] {
  return CHANNELS.filter((channel) => premium || !PREMIUM_CHANNELS.has(channel));
}

export function isChannel(value: unknown): value is Channel {
  return typeof value === "string" && (CHANNELS as readonly string[]).includes(value);
}

export { SESSION_ENDED_CLOSE_CODE } from "./close-codes.ts";

/**
 * Names a subscribe or unsubscribe considers: the first this many distinct known channels of its list
 * (there are far fewer channels; the 16 KiB message cap bounds the list itself).
 */
export const MAX_CHANNELS_PER_MESSAGE = 20;

/**
 * What a client may send. Unknown channel names in a list are dropped (a subscribe's are named back
 * in `subscription_refused`), not an error; repeated ones
 * count once; a list longer than MAX_CHANNELS_PER_MESSAGE is answered for its first
 * MAX_CHANNELS_PER_MESSAGE distinct known channels (and logged), not dropped whole.
 */
export const ClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), channels: z.array(z.string()) }),
  z.object({ type: z.literal("unsubscribe"), channels: z.array(z.string()) }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** Real-time stats (spec §3): published on `analytics_stats`. */
export interface AnalyticsStats {
  activeUsers: number;
  connections: number;
  gamesAnalyzed: number;
  aiAnalyses: number;
}

export type ServerMessage =
  | { type: "connection"; status: "connected"; channels: readonly Channel[]; timestamp: string }
  | { type: "subscription_confirmed"; channels: Channel[]; subscribed: Channel[]; timestamp: string }
  /**
   * Sent after `subscription_confirmed` when a subscribe listed channels this user may not join (a
   * Starter user's PREMIUM_CHANNELS, PREMIUM_CHANNEL_REASON) or names that are no channel (as listed,
   * UNKNOWN_CHANNEL_REASON), one message per reason: which, and why. Clients that do not know it
   * ignore it.
   */
  | { type: "subscription_refused"; channels: string[]; reason: string; timestamp: string }
  | { type: "pong"; timestamp: string }
  | { type: "channel_update"; channel: Channel; data: unknown; timestamp: string }
  /**
   * The user's role (and so their tier) changed while connected: the client reloads the current user
   * so the shell and the Premium screens show the plan the server now enforces (docs/decisions/004).
   */
  | { type: "account_changed"; role: Role; timestamp: string }
  /**
   * Maintenance mode was turned on or off, or its message changed (`GET /api/status`'s answer as it
   * now reads): sent to every open socket, whatever it subscribed to, so the banner follows at once
   * (review r31-c #5). Clients that do not know it ignore it and learn on their next status poll.
   */
  | { type: "status_changed"; status: PublicStatus; timestamp: string };
