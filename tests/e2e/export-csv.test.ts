import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, signedInContext, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("Analytics: the Genres table downloads the rows it shows as CSV, units in the header, numbers unformatted", async () => {
  const { context } = await signedInContext(browser, server, { role: "premium" });
  const page = await context.newPage();
  await page.goto(`${server.url}/analytics`);
  const genres = page.getByRole("table", { name: "Genres" });
  await expect.poll(() => genres.getByRole("row").count()).toBeGreaterThan(2);
  const shown = (await genres.getByRole("row").count()) - 1;
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV of Genres" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^genres.*\.csv$/);
  const rows = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual(["genre", "players (players)", "games (games)", "change (%)", "volatility (0-10)"]);
  expect(rows).toHaveLength(shown + 1);
  for (const row of rows.slice(1)) expect(row[1]).toMatch(/^\d+(\.\d+)?$/);
  await context.close();
});

test("Game Tracking: Discover Games downloads the cards it shows as CSV, with each figure's time and source", async () => {
  const { context } = await signedInContext(browser, server);
  const page = await context.newPage();
  await page.goto(`${server.url}/game-tracking?tab=discover`);
  const cards = page.getByTestId("game-card");
  await expect.poll(() => cards.count()).toBeGreaterThan(0);
  const names = await cards.getByRole("link").allTextContents();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV of Discover Games" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^discover-games.*\.csv$/);
  const rows = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  const header = rows[0]!;
  expect(header.slice(0, 5)).toEqual(["id", "name", "platform", "genre", "players (players)"]);
  expect(rows.slice(1).map((r) => r[1])).toEqual(names);
  for (const row of rows.slice(1)) {
    expect(row[header.indexOf("demo")]).toBe("yes");
    // The card's footnote: the game's own source, its player series' source, or both.
    expect(row[header.indexOf("source")]! + row[header.indexOf("players source")]!).not.toBe("");
    expect(row[header.indexOf("price (USD)")]).toMatch(/^(\d+(\.\d+)?)?$/);
  }
  await context.close();
});

test("Games Database: the Popular list downloads every genre and platform of the games shown", async () => {
  const { context } = await signedInContext(browser, server);
  const page = await context.newPage();
  await page.goto(`${server.url}/igdb-games?tab=popular`);
  const cards = page.getByTestId("igdb-game");
  await expect.poll(() => cards.count()).toBeGreaterThan(0);
  const shown = await cards.count();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV of popular games" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^games-database-popular.*\.csv$/);
  const rows = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual([
    "id",
    "name",
    "user reviews (% positive)",
    "critic score (0–100)",
    "ratings (count)",
    "release date",
    "developer",
    "genres",
    "platforms",
    "demo",
    "source",
    "as of",
    "sources (each as of)",
  ]);
  expect(rows).toHaveLength(shown + 1);
  const first = await cards.first().getByRole("link").first().textContent();
  expect(rows[1]![1]).toBe(first);
  for (const row of rows.slice(1)) expect(row[5]).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
  await context.close();
});

test("Methodology: the revenue parameters download as the table shows them", async () => {
  const { context } = await signedInContext(browser, server);
  const page = await context.newPage();
  await page.goto(`${server.url}/methodology`);
  const table = page.getByRole("table", { name: "Revenue parameters" });
  await expect.poll(() => table.getByRole("row").count()).toBeGreaterThan(1);
  const labels = await table.locator("tbody tr td:first-child").allTextContents();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV of Revenue parameters" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^revenue-parameters-.*\.csv$/);
  const rows = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual(["parameter", "name", "value (as stated)", "why"]);
  expect(rows.slice(1).map((r) => r[0])).toEqual(labels);
  await context.close();
});
