import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SCREENSHOT_DIR, serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

/**
 * Historical Analytics → Historical Data with SteamCharts' monthly history, SteamDB's daily peaks and a
 * SteamSpy export imported: a card lists one series (one measure, one source) and shows every other
 * figure apart with its measure, source and date, so a monthly average is never read against a daily
 * peak as growth or collapse. The fixtures are the months the SteamCharts and SteamDB files share.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    // The Steam Store Games snapshot first, as a first start loads it: reviews dated May 2019.
    ["steam-store-csv", "tests/fixtures/datasets/steam-store-games/steam.csv"],
    ["steamcharts-csv", "tests/fixtures/datasets/steamcharts/steamcharts_monthly_overlap.csv"],
    ["steamcharts-csv", "tests/fixtures/datasets/steamcharts/steamdb_daily_month-starts.csv"],
    [
      "steamspy-csv",
      "tests/fixtures/datasets/steamspy/steamspy_top1000_2023_tags.csv",
      "--as-of",
      "2023-01-01",
    ],
  ]));
});

afterAll(() => stopAll(browser, server));

test("each player figure on a Historical Data card says its measure, source and date", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/historical-analytics?tab=historical`);
  const dota = page.getByTestId("historical-game").filter({ hasText: "Dota 2" });
  await dota.waitFor();
  // The series: SteamCharts' monthly averages, dated by their month, in whole players.
  expect(await dota.getByTestId("player-series").textContent()).toBe("Monthly average · SteamCharts");
  const rows = await dota.getByTestId("player-series").locator("+ ul li").allTextContents();
  expect(rows).toEqual(["Dec 2021449,297", "Jan 2022485,791", "Feb 2022450,200"]);
  // The other figures, each with its own measure, source and date.
  const others = await dota.getByTestId("other-player-figures").locator("li").allTextContents();
  expect(others).toEqual([
    expect.stringMatching(/^Daily peak · Steam via SteamSpy \(dataset\)Dec 31, 2022[\d,]+$/),
    "Monthly peak · SteamChartsFeb 2022725,851",
    "Daily peak · SteamDBFeb 1, 2022647,090",
  ]);
  await dota.getByText("Other measures and sources (not comparable with the list above):").waitFor();
  // The tab's source line names each source once, with what it covers, dated by its own newest figure
  // (review r27-a, item 8).
  const note = await page
    .getByRole("tabpanel", { name: "Historical Data" })
    .locator('[data-slot="source-note"]')
    .textContent();
  expect(note).toMatch(
    /^Source: (?=.*SteamCharts: players · Feb 2022)(?=.*SteamDB: players · Feb 2022)(?=.*SteamSpy \(dataset\): players( and reviews)? · Dec 2022)/,
  );
  expect(note?.match(/Steam via SteamSpy/g)).toHaveLength(1);

  // The CSV carries each figure's measure and source, at the source's precision.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV of Historical Data" }).click(),
  ]);
  const csv = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(csv[0]).toEqual([
    "game",
    "platform",
    "date (ISO 8601)",
    "players (players)",
    "measure",
    "source",
    "positive reviews (%)",
    "average rating (out of 5)",
    "demo data",
  ]);
  const dotaRows = csv.filter((r) => r[0] === "Dota 2" && r[3] !== "");
  expect(dotaRows.map((r) => [r[2]!.slice(0, 10), r[3], r[4], r[5]])).toEqual([
    ["2021-12-01", "449297.37", "monthly average", "SteamCharts"],
    ["2022-01-01", "485791.43", "monthly average", "SteamCharts"],
    ["2022-02-01", "450200.14", "monthly average", "SteamCharts"],
    ["2022-12-31", expect.any(String), "daily peak", "Steam via SteamSpy (dataset)"],
    ["2022-02-01", "725851", "monthly peak", "SteamCharts"],
    ["2022-02-01", "647090", "daily peak", "SteamDB"],
  ]);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/historical-player-measures.png`, fullPage: true });
  await context.close();
});

// Review 20 C, item 10: the snapshot's review sentiment, dated by month only, read "May 1, 2019".
test("review sentiment from a source dated by month reads as the month, a dated day as the day", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/historical-analytics?tab=historical`);
  const dota = page.getByTestId("historical-game").filter({ hasText: "Dota 2" });
  await dota.waitFor();
  const sentiment = dota.getByText("Review sentiment", { exact: true }).locator("+ ul li");
  await sentiment.first().waitFor();
  const rows = await sentiment.allTextContents();
  expect(rows).toEqual([expect.stringMatching(/^May 2019\d/), expect.stringMatching(/^Jan 1, 2023\d/)]);
  await context.close();
});

// Review 7, item 12: days followed Settings' language but every month read in English ("Dec 2021").
test("a monthly figure's month reads in the user's language, like its days", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/historical-analytics?tab=historical`);
  const saved = await page.evaluate(() =>
    fetch("/api/user/settings", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ preferences: { language: "fr" } }),
    }).then((r) => r.status),
  );
  expect(saved).toBe(200);
  await page.reload();
  const dota = page.getByTestId("historical-game").filter({ hasText: "Dota 2" });
  await dota.waitFor();
  const rows = await dota.getByTestId("player-series").locator("+ ul li").allTextContents();
  expect(rows).toEqual(["déc. 2021449,297", "janv. 2022485,791", "févr. 2022450,200"]);
  const others = await dota.getByTestId("other-player-figures").locator("li").allTextContents();
  expect(others.slice(1)).toEqual([
    "Monthly peak · SteamChartsfévr. 2022725,851",
    "Daily peak · SteamDB1 févr. 2022647,090",
  ]);
  await context.close();
});

// Review 7, item 6: the game page drew SteamDB's daily peaks and SteamSpy's peak of the day before as one
// "Peak players, daily" line, while Historical Data (above) lists them apart as not comparable.
test("the game page's Players chart draws a line per period and per source, as Historical Data lists them", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  const found = await page.request.get(`${server.url}/api/games/search?q=dota%202&limit=1`);
  const [dota] = (await found.json()) as Array<{ id: string; name: string }>;
  expect(dota?.name).toBe("Dota 2");
  await page.goto(`${server.url}/games/${dota!.id}`);
  const players = page.getByRole("region", { name: "Players", exact: true });
  await players.locator(".apexcharts-svg").first().waitFor({ timeout: 15_000 });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    players.getByRole("button", { name: "Export CSV of Players" }).click(),
  ]);
  const csv = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(csv[0]).toEqual([
    "time (ISO 8601)",
    "Average players, monthly · SteamCharts (players)",
    "Peak players, monthly · SteamCharts (players)",
    "Peak players, daily · SteamDB (players)",
    "Peak players, daily · Steam via SteamSpy (dataset) (players)",
    "source",
    "as of (ISO 8601)",
    "method",
  ]);
  // A chart of several sources: each row names whose figures it holds (the time column alone did not).
  const body = csv.slice(1);
  // Each column's source is in its header ("… · SteamDB (players)"): a row names every one it has a figure of.
  const sourceOf = (header: string) => header.replace(/^.* · /, "").replace(/ \(players\)$/, "");
  for (const row of body) {
    const filled = [1, 2, 3, 4].filter((i) => row[i] !== "");
    for (const i of filled) expect(row[5]).toContain(sourceOf(csv[0]![i]!));
    if (new Set(filled.map((i) => sourceOf(csv[0]![i]!))).size === 1)
      expect(row[5]).toBe(sourceOf(csv[0]![filled[0]!]!));
  }
  expect(body[0]![5]).toBe(
    "Average players, monthly: SteamCharts; Peak players, monthly: SteamCharts; Peak players, daily: SteamDB",
  );
  expect(body.at(-1)![5]).toBe("Steam via SteamSpy (dataset)");
  for (const row of body) expect(row[6]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  // Review r22/a, item 4: a derived figure's row says how it was derived (SteamSpy's peak is its
  // `ccu` of the day before), a row of figures as published leaves the method empty.
  expect(body.at(-1)![7]).toMatch(/^SteamSpy's `ccu`: the peak of concurrent players on the day before/);
  expect(body[0]![7]).toBe("");
  await page.screenshot({ path: `${SCREENSHOT_DIR}/game-page-peaks-per-source.png`, fullPage: true });
  await context.close();
});

// Review 11 a: Compare showed BioShock's sale price alone while its estimates used the list price.
test("Compare shows a game on sale with its discount and list price, as its game page does", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/compare?ids=steam-7670`);
  const table = page.getByRole("table", { name: "Key figures" });
  await table.waitFor();
  await table.getByRole("cell", { name: "$4.99 (75% off $19.99)" }).waitFor();
  await context.close();
});
