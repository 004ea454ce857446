import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { formatBacktest, MAIN_WINDOW, readMonthlySeries, runBacktest } from "./backtest.ts";
import committed from "./backtest-latest.json" with { type: "json" };

/** The back-test on the tests' SteamCharts excerpt (tests/fixtures/datasets/steamcharts, see its SOURCE.txt). */
const EXCERPT = readFileSync(
  new URL(
    "../../../tests/fixtures/datasets/steamcharts/steamcharts_monthly_top1000_2022-02.csv",
    import.meta.url,
  ),
  "utf8",
);

describe("ai back-test", () => {
  test("reads monthly averages oldest first and leaves out the partial 'Last 30 Days'", () => {
    const series = readMonthlySeries(EXCERPT);
    const csgo = series.get("730")!;
    expect(csgo.name).toBe("Counter-Strike: Global Offensive");
    expect(csgo.months[0]! < csgo.months.at(-1)!).toBe(true);
    expect(csgo.months.at(-1)).toBe("2022-02");
    expect(csgo.months).toHaveLength(116);
  });

  test("counts each game-month once per window and compares the prediction with the baseline", () => {
    const result = runBacktest(EXCERPT, "excerpt", new Date("2026-11-23T00:00:00Z"));
    const main = result.rows.find((r) => r.windowMonths === MAIN_WINDOW)!;
    expect(main.cases).toBeGreaterThan(200);
    expect(main.predictionAccuracy).toBeGreaterThan(0);
    expect(main.predictionAccuracy).toBeLessThan(1);
    const { rising, stable, declining } = result.actualDirections;
    expect(rising + stable + declining).toBe(main.cases);
    expect(result.beatsBaseline).toBe(main.predictionAccuracy! > main.baselineAccuracy!);
    expect(formatBacktest(result)).toContain("| 3 (main) |");
  });

  test("a made-up steady climb: the line calls every month, the baseline too", () => {
    const months = ["January", "February", "March", "April", "May", "June", "July", "August"];
    const csv = `Month,Avg. Players,Gain,% Gain,Peak Players,App ID,Game\n${months
      .map((m, i) => `${m} 2021,${1000 * 1.2 ** i},-,-,1,1,Climber`)
      .join("\n")}\n`;
    const main = runBacktest(csv, "made-up").rows.find((r) => r.windowMonths === MAIN_WINDOW)!;
    expect(main.predictionAccuracy).toBe(1);
    expect(main.baselineAccuracy).toBe(1);
  });

  test("the committed result is the full file's, and says whether it beats the baseline", () => {
    expect(committed.games).toBeGreaterThan(900);
    expect(typeof committed.beatsBaseline).toBe("boolean");
  });
});
