/**
 * A run's or a step's duration in the spec's units (§2 Workflows: "duration in s, m or h"): "1.2s",
 * "3.5m", "2.0h". Under a second it stays in seconds with one decimal ("0.4s"); a run shorter than
 * that decimal can show (under 50 ms) reads "<0.1s", never "0.0s" and never milliseconds.
 */
export function formatDuration(ms: number): string {
  if (ms < 50) return "<0.1s";
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)}s`;
  if (ms < 3_597_000) return `${(ms / 60_000).toFixed(1)}m`;
  return `${(ms / 3_600_000).toFixed(1)}h`;
}
