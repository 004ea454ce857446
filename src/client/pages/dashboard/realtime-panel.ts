import type { ConnectionState } from "../../realtime.ts";

/**
 * The Real-time panel's description: while the socket is connected, when the figures last came;
 * while it is not, that the connection is lost and the figures are as of their last update, so
 * "Users online 1 · updated just now" is never read as current during an outage. `time` formats the
 * update's time ("12:03:41 PM UTC").
 */
export function realtimePanelText(
  stats: { at: string } | null,
  status: ConnectionState,
  time: (iso: string) => string,
): string {
  const connected = status === "connected";
  if (!stats) {
    // The first connect is under way on opening the page: nothing is lost yet.
    return connected || status === "connecting"
      ? "Waiting for the first update from the server..."
      : "Connection lost — no figures yet; they come once the connection is back.";
  }
  return connected
    ? `Updated ${time(stats.at)} — the server sends new figures every few seconds.`
    : `Connection lost — figures as of ${time(stats.at)}, the last update; they update again once reconnected.`;
}
