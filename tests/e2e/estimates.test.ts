import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openClient } from "../../src/server/db/client.ts";
import { SCREENSHOT_DIR, serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["steamspy-csv", "tests/fixtures/estimates/steamspy-sample.csv"],
    // VGChartz unit sales of console games, dated by --as-of (the file states no date of its own).
    ["vgsales-csv", "tests/fixtures/datasets/vgsales/vgsales.csv", "--as-of", "2016-10-26"],
  ]));
});

afterAll(() => stopAll(browser, server));

test("Methodology: the fitted model, the revenue parameters and the saved back-test table", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/methodology`);
  await page.getByRole("heading", { name: "Methodology" }).waitFor();
  await page.getByText(/Model owners-1\.[0-9a-f]{8}, fitted on/).waitFor();
  await page.getByRole("table", { name: "Revenue parameters" }).getByText("Store cut tiers").waitFor();
  const backtest = page.getByRole("table", { name: /^Back-test: the estimate/ });
  await backtest.getByText("10,000+").waitFor();
  await expect.poll(() => backtest.getByRole("row").count()).toBeGreaterThan(5);
  await page
    .getByText(/P50 in band \d+\.\d %/)
    .first()
    .waitFor();
  await page.getByText("Market prediction", { exact: true }).waitFor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/methodology.png`, fullPage: true });
  await context.close();
});

test("Game page: the estimates panel with P50 and range, methods with weights, inputs and the methodology link", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/games/steam-10`);
  await page.getByRole("heading", { name: "Counter-Strike", level: 1 }).waitFor();
  const panel = page.locator("[data-slot=estimates-panel]");
  await panel.getByText("Sales estimates").waitFor();
  await panel.getByText(/^P10 /).first().waitFor();
  await panel.getByRole("rowheader", { name: "Owners band" }).waitFor();
  await panel
    .getByText(/10,000,000 \.\. 20,000,000/)
    .first()
    .waitFor();
  expect(await panel.getByText(/^\d+ %$/).count()).toBe(2);
  await panel.screenshot({ path: `${SCREENSHOT_DIR}/estimates-panel.png` });
  // On a 390 px phone the Methods table's headers stand apart and it fits the card.
  await page.setViewportSize({ width: 390, height: 844 });
  const methods = panel.locator("[data-slot=estimate-methods]");
  const gaps = await methods.evaluate((table) => {
    const boxes = [...table.querySelectorAll("thead th")].map((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      return range.getBoundingClientRect();
    });
    return boxes.slice(1).map((b, i) => b.left - boxes[i]!.right);
  });
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(8);
  expect(await methods.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  await methods.screenshot({ path: `${SCREENSHOT_DIR}/estimates-methods-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.getByRole("link", { name: "How these estimates are made" }).click();
  await page.getByRole("heading", { name: "Methodology" }).waitFor();
  await context.close();
});

test("Console game page: VGChartz units with file and date, no Steam estimate, no live-sync promise; its publisher's totals", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  const id = String((await db.execute("SELECT id FROM games WHERE name = 'Wii Sports'")).rows[0]!.id);
  db.close();
  await page.goto(`${server.url}/games/${id}`);
  await page.getByRole("heading", { name: "Wii Sports", level: 1 }).waitFor();
  const published = page.getByRole("region", { name: "Units sold (published)" });
  await published.getByText("82.74M").waitFor();
  await published.getByText("Source: VGChartz sales dataset (vgsales.csv) · Oct 2016").waitFor();
  const panel = page.locator("[data-slot=estimates-panel]");
  await panel.getByText(/the owners model covers Steam games/).waitFor();
  await panel.getByText("82.74M").waitFor();
  expect(await panel.getByText(/^P10 /).count()).toBe(0);
  // No sync will ever count a Wii game's players: the page does not promise one.
  await page
    .getByText(/player counts come from Steam, and this game is not on Steam/)
    .first()
    .waitFor();
  expect(await page.getByText("Player history starts with the first live sync").count()).toBe(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/console-game-page.png`, fullPage: true });

  await page.getByRole("link", { name: "Nintendo" }).first().click();
  await page.getByRole("heading", { name: "Nintendo" }).first().waitFor();
  const totals = page.getByRole("region", { name: "Units sold (published)" });
  await totals.getByText(/as the sales datasets published them/).waitFor();
  await totals.getByText(/Oct 2016/).waitFor();
  await page.getByRole("table", { name: "Nintendo games" }).getByText("82.74M").waitFor();
  await page.getByText(/No estimate: the owners model covers Steam games/).waitFor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/console-publisher-page.png`, fullPage: true });
  await context.close();
});

// Review r24 #1: this catalog's only player figures are SteamSpy's daily peaks (`ccu`). Analytics'
// "Most played" ranks counts and monthly averages; it does not draw a day's peak as "Players" beside
// them, and says it has none.
test("Analytics' Most played with daily peaks only: no Players bars, the empty state and no export", async () => {
  const { context } = await signedInContext(browser, server, { role: "premium" });
  const page = await context.newPage();
  await page.goto(`${server.url}/analytics`);
  const card = page
    .locator("[data-slot=card]")
    .filter({ has: page.getByText("Most played", { exact: true }) });
  await card.getByText("No player counts yet").waitFor();
  await card.getByText("Games with the most players in the catalog.").waitFor();
  expect(await card.getByText("Counter-Strike").count()).toBe(0);
  expect(await card.getByRole("button", { name: "Export CSV of Most played" }).isDisabled()).toBe(true);
  await context.close();
});
