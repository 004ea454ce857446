/**
 * A run's or a step's duration (spec §9: "duration in s, m or h"): "1.2s", "3.5m", "2.0h"; below a
 * second in milliseconds ("3 ms", "450 ms"), so a run of a few milliseconds does not read "0.00s".
 */
export function formatDuration(ms: number): string {
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)}m`;
  return `${(ms / 3_600_000).toFixed(1)}h`;
}
