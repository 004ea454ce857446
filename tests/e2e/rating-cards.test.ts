import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SCREENSHOT_DIR, serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

/**
 * Review r18c #5 and #6 on the cards: a Steam game's rating is its user reviews' positive share and a
 * console game's a critics' score, each under its own name on Game Tracking and the Games Database
 * (never "x/5" for one and "x/10" for the other); a game whose figures come from the May 2019 snapshot
 * and SteamSpy's 2023 file names each source with its own date.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["steam-store-csv", "tests/fixtures/datasets/merge-order/steam_halflife_san_andreas.csv"],
    [
      "steamspy-csv",
      "tests/fixtures/datasets/merge-order/steamspy_bioshock_halflife.csv",
      "--as-of",
      "2023-06-01",
    ],
    ["vgsales-csv", "tests/fixtures/datasets/vgsales/Video_Games_Sales_as_at_22_Dec_2016.csv"],
  ]));
});

afterAll(() => stopAll(browser, server));

async function open(path: string, width = 1440): Promise<Page> {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${server.url}${path}`);
  return page;
}

test("Game Tracking: user reviews and critic scores by name; each source with its own date", async () => {
  for (const width of [1440, 390]) {
    const page = await open("/games?q=half-life", width);
    const card = page
      .getByTestId("game-card")
      .filter({ hasText: /^Half-Life/ })
      .first();
    await card.waitFor();
    const text = (await card.textContent()) ?? "";
    expect(text).toMatch(/User reviews\s*\d{1,3}\.\d% positive/);
    expect(text).not.toMatch(/\d\.\d\/5/);
    const note = (await card.locator("[data-slot='source-note']").textContent()) ?? "";
    expect(note).toContain("Steam Store Games (Kaggle, CC BY 4.0) · May 2019");
    expect(note).toContain("Steam via SteamSpy (dataset) · Jun 2023");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/rating-cards-steam-${width}.png`, fullPage: true });
    await page.goto(`${server.url}/games?q=god%20of%20war`);
    const console = page
      .getByTestId("game-card")
      .filter({ hasText: /^God of War/ })
      .first();
    await console.waitFor();
    expect(await console.textContent()).toMatch(/Critic score\s*94\/100/);
    await page.context().close();
  }
});

test("Games Database: the same names and figures, not 'x/10'", async () => {
  const page = await open("/igdb-games?q=half-life&tab=search");
  const card = page
    .getByTestId("igdb-game")
    .filter({ hasText: /^Half-Life/ })
    .first();
  await card.waitFor();
  const text = (await card.textContent()) ?? "";
  expect(text).toMatch(/User reviews \d{1,3}\.\d% positive \([\d,]+ reviews\)/);
  expect(text).not.toMatch(/\/10/);
  const note = (await card.locator("[data-slot='source-note']").textContent()) ?? "";
  expect(note).toContain("May 2019");
  expect(note).toContain("Jun 2023");
  await page.goto(`${server.url}/igdb-games?q=god%20of%20war&tab=search`);
  const console = page
    .getByTestId("igdb-game")
    .filter({ hasText: /^God of War/ })
    .first();
  await console.waitFor();
  expect(await console.textContent()).toMatch(/Critic score 94\/100 \(75 critics\)/);
  await page.context().close();
});
