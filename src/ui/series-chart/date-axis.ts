const DAY = 86_400_000;
/** ApexCharts picks about 10 ticks: under this many days, hours unless told the number of ticks. */
const SHORT_DAYS = 10;

/**
 * The x axis of day-dated series (every point at 00:00 UTC: a snapshot's date, a daily figure): ticks
 * on days only. Left alone, ApexCharts aims at 10 ticks, so a span under ~10 days (and a single point,
 * which it widens by half a day either side) got hour ticks: "31 Dec 2022 12:00 · 02 Jan 2023 00:00".
 * A single point is shown between the day before and the day after, its own day a tick of its own;
 * a short span gets a tick per day. Other series (live counts through the day) keep ApexCharts' axis.
 */
export function dayAxis(times: readonly number[]): { min?: number; max?: number; tickAmount?: number } {
  if (times.length === 0 || !times.every((t) => t % DAY === 0)) return {};
  const first = Math.min(...times);
  const last = Math.max(...times);
  if (first === last) return { min: first - DAY, max: last + DAY, tickAmount: 2 };
  const days = (last - first) / DAY;
  return days < SHORT_DAYS ? { tickAmount: days } : {};
}
