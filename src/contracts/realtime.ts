import { z } from "zod";

/** The live channels of spec §7. */
export const CHANNELS = ["analytics_stats", "trending_games", "ai_analysis", "market_trends"] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Channels whose data is a Premium feature (Market Intelligence, AI Analytics): the server confirms
 * them only to Premium and Admin users, as it guards the same figures over HTTP.
 */
export const PREMIUM_CHANNELS: ReadonlySet<Channel> = new Set<Channel>(["market_trends", "ai_analysis"]);

export function isChannel(value: unknown): value is Channel {
  return typeof value === "string" && (CHANNELS as readonly string[]).includes(value);
}

/**
 * The close code of a socket whose session ended (logout, "sign out everyone", expiry, the account
 * deleted): the client must not reconnect with that cookie but go to the signed-out state. 4000–4999
 * are for applications (RFC 6455 §7.4.2); 4401 echoes HTTP 401.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** What a client may send. Unknown channel names in a list are dropped, not an error. */
export const ClientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), channels: z.array(z.string()).max(20) }),
  z.object({ type: z.literal("unsubscribe"), channels: z.array(z.string()).max(20) }),
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
  | { type: "pong"; timestamp: string }
  | { type: "channel_update"; channel: Channel; data: unknown; timestamp: string };
