import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { AiBacktest } from "../../contracts/ai.ts";
import { type Direction, direction, project, STABLE_BAND } from "./projection.ts";

/**
 * The back-test of the market prediction (issue 12, `bun run ai:backtest`): on SteamCharts' monthly
 * average players per game, each month the prediction (the same least-squares projection as the AI
 * screen, ./projection.ts, through the last `window` months, one month on) names next month's
 * direction — rising, stable (within ±5 %) or declining — and so does the naive baseline, "same as
 * last month" (last month's direction again). Accuracy is the share of game-months called right.
 */
export const WINDOWS = [3, 6, 12] as const;
/**
 * The headline window: the shortest a line can be fitted on, the closest to the screen's projection
 * (a 30-day line carried 30 days on). The longer windows are shown beside it.
 */
export const MAIN_WINDOW = 3;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "February 2022" → "2022-02"; "Last 30 Days" (a partial month) → null. */
function monthKey(label: string): string | null {
  const m = /^([A-Z][a-z]+) (\d{4})$/.exec(label.trim());
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!);
  return month < 0 ? null : `${m[2]}-${String(month + 1).padStart(2, "0")}`;
}

/** Monthly average players per game, oldest first, only runs of consecutive months. */
export function readMonthlySeries(
  csv: string,
): Map<string, { name: string; months: string[]; values: number[] }> {
  const rows = parse(csv, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  const byGame = new Map<string, { name: string; points: Array<[string, number]> }>();
  for (const r of rows) {
    const key = monthKey(r.Month ?? "");
    const value = Number(r["Avg. Players"]);
    const app = r["App ID"];
    if (!key || !app || !Number.isFinite(value)) continue;
    const entry = byGame.get(app) ?? { name: r.Game ?? app, points: [] };
    entry.points.push([key, value]);
    byGame.set(app, entry);
  }
  const out = new Map<string, { name: string; months: string[]; values: number[] }>();
  for (const [app, { name, points }] of byGame) {
    points.sort((a, b) => a[0].localeCompare(b[0]));
    out.set(app, { name, months: points.map((p) => p[0]), values: points.map((p) => p[1]) });
  }
  return out;
}

interface Tally {
  predictionRight: number;
  baselineRight: number;
  cases: number;
}

function nextMonth(a: string, b: string): boolean {
  const [ya, ma] = a.split("-").map(Number) as [number, number];
  const [yb, mb] = b.split("-").map(Number) as [number, number];
  return yb * 12 + mb === ya * 12 + ma + 1;
}

/** The back-test over every game's history; `source` names the file for the record. */
export function runBacktest(csv: string, source: string, ranAt = new Date()): AiBacktest {
  const series = readMonthlySeries(csv);
  const tallies = new Map<number, Tally>(
    WINDOWS.map((w) => [w, { predictionRight: 0, baselineRight: 0, cases: 0 }]),
  );
  const actualCounts: Record<Direction, number> = { rising: 0, stable: 0, declining: 0 };
  let firstMonth = "9999-99";
  let lastMonth = "0000-00";
  for (const { months, values } of series.values()) {
    for (let t = 1; t + 1 < values.length; t++) {
      // Only steps between consecutive calendar months, with players on both sides.
      if (!nextMonth(months[t]!, months[t + 1]!) || !nextMonth(months[t - 1]!, months[t]!)) continue;
      if (values[t]! <= 0 || values[t - 1]! <= 0) continue;
      const actual = direction((values[t + 1]! - values[t]!) / values[t]!);
      const baseline = direction((values[t]! - values[t - 1]!) / values[t - 1]!);
      let counted = false;
      for (const w of WINDOWS) {
        if (t + 1 < w) continue;
        const windowMonths = months.slice(t + 1 - w, t + 1);
        if (!windowMonths.every((m, i) => i === 0 || nextMonth(windowMonths[i - 1]!, m))) continue;
        const projection = project(values.slice(t + 1 - w, t + 1), 1);
        if (!projection) continue;
        const tally = tallies.get(w)!;
        tally.cases++;
        if (projection.direction === actual) tally.predictionRight++;
        if (baseline === actual) tally.baselineRight++;
        if (w === MAIN_WINDOW) counted = true;
      }
      if (counted) {
        actualCounts[actual]++;
        if (months[t + 1]! > lastMonth) lastMonth = months[t + 1]!;
        if (months[t + 1]! < firstMonth) firstMonth = months[t + 1]!;
      }
    }
  }
  const rows = WINDOWS.map((w) => {
    const t = tallies.get(w)!;
    return {
      windowMonths: w,
      cases: t.cases,
      predictionAccuracy: t.cases ? Math.round((t.predictionRight / t.cases) * 1000) / 1000 : null,
      baselineAccuracy: t.cases ? Math.round((t.baselineRight / t.cases) * 1000) / 1000 : null,
    };
  });
  const main = rows.find((r) => r.windowMonths === MAIN_WINDOW)!;
  return {
    source,
    ranAt: ranAt.toISOString(),
    games: series.size,
    firstMonth: main.cases ? firstMonth : null,
    lastMonth: main.cases ? lastMonth : null,
    stableBandPct: STABLE_BAND * 100,
    mainWindowMonths: MAIN_WINDOW,
    actualDirections: actualCounts,
    rows,
    beatsBaseline:
      main.predictionAccuracy != null && main.baselineAccuracy != null
        ? main.predictionAccuracy > main.baselineAccuracy
        : null,
  };
}

export function runBacktestFile(path: string, source = path): AiBacktest {
  return runBacktest(readFileSync(path, "utf8"), source);
}

export function formatBacktest(b: AiBacktest): string {
  const pct = (v: number | null) => (v == null ? "–" : `${(v * 100).toFixed(1)} %`);
  const lines = [
    `Back-test of the market prediction: next month's direction (rising / stable within ±${b.stableBandPct} % / declining)`,
    `${b.source}: ${b.games} games, months ${b.firstMonth ?? "–"} to ${b.lastMonth ?? "–"}`,
    "",
    '| window (months) | game-months | prediction accuracy | baseline "same as last month" |',
    "|---:|---:|---:|---:|",
    ...b.rows.map(
      (r) =>
        `| ${r.windowMonths}${r.windowMonths === b.mainWindowMonths ? " (main)" : ""} | ${r.cases.toLocaleString("en")} | ${pct(r.predictionAccuracy)} | ${pct(r.baselineAccuracy)} |`,
    ),
    "",
    `Actual directions (main window): ${b.actualDirections.rising} rising, ${b.actualDirections.stable} stable, ${b.actualDirections.declining} declining.`,
    b.beatsBaseline == null
      ? "Not enough history to compare."
      : b.beatsBaseline
        ? "The prediction beats the baseline."
        : "The prediction does NOT beat the baseline.",
  ];
  return lines.join("\n");
}
