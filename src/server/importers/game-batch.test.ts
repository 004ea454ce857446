import { describe, expect, test } from "vitest";
import type { MetricPoint } from "../catalog/write.ts";
import { distinctPoints } from "./game-batch.ts";

/** The count as a key per point gives it (the reference the fast count must equal). */
function byKeys(points: MetricPoint[]): number {
  return new Set(points.map((p) => `${p.gameId}|${p.metric}|${p.ts.getTime()}`)).size;
}

const DAY = 86_400_000;
const START = Date.UTC(2010, 0, 1);
const point = (gameId: string, metric: MetricPoint["metric"], ts: number): MetricPoint => ({
  gameId,
  metric,
  ts: new Date(ts),
  value: 1,
  source: "test",
});

describe("distinctPoints", () => {
  test("a game with 5,000 daily points and repeated rows counts each (series, day) once", () => {
    const points: MetricPoint[] = [];
    for (let i = 0; i < 5000; i++) points.push(point("steamdb-game", "players_peak", START + i * DAY));
    // A file repeating rows: 300 days again, a new Date for each (equal times, not equal objects).
    for (let i = 0; i < 300; i++) points.push(point("steamdb-game", "players_peak", START + i * 7 * DAY));
    // Another series of the same game on the same days is distinct.
    for (let i = 0; i < 100; i++) points.push(point("steamdb-game", "players", START + i * DAY));
    points.push(point("other", "players_peak", START));
    expect(distinctPoints(points)).toBe(5101);
    expect(distinctPoints(points)).toBe(byKeys(points));
  });

  test("a game met again later in the batch, and invalid dates, count as a key per point does", () => {
    const points = [
      point("a", "players", START),
      point("b", "players", START),
      point("a", "players", START),
      point("a", "players", START + DAY),
      point("a", "players", Number.NaN),
      point("a", "players", Number.NaN),
      point("b", "players", Number.NaN),
    ];
    expect(distinctPoints(points)).toBe(5);
    expect(distinctPoints(points)).toBe(byKeys(points));
    expect(distinctPoints([])).toBe(0);
  });
});
