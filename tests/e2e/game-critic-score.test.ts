import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SCREENSHOT_DIR, serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

/**
 * Review 7, item 9: a console game's page said "No source has this figure yet" where search and the
 * lists show its critics' score (Metacritic's, from the VGChartz 2016 file) with its source and date.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["vgsales-csv", "tests/fixtures/datasets/vgsales/Video_Games_Sales_as_at_22_Dec_2016.csv"],
  ]));
});

afterAll(() => stopAll(browser, server));

test("a console game's page shows its critics' score with its source and date", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  const found = await page.request.get(`${server.url}/api/games/search?q=god%20of%20war&limit=5`);
  const game = ((await found.json()) as Array<{ id: string; name: string; rating: number }>).find(
    (g) => g.name === "God of War",
  );
  // Metacritic 94 from 75 critics: the API's `rating` is out of 5 as every list answers it (spec §3),
  // the screen shows the score on its own 0–100 scale, as its note names it (review r29-a #6).
  expect(game?.rating).toBe(4.7);
  await page.goto(`${server.url}/games/${game!.id}`);
  const figures = page.getByRole("definition").filter({ hasText: "94/100" });
  const figure = page.locator("dl[aria-label='Latest figures'] > div").filter({ hasText: "Critic score" });
  await figure.waitFor();
  expect(await figures.first().textContent()).toBe("94/100 (75 critics)");
  expect(await figure.locator("[data-slot='source-note']").textContent()).toMatch(
    /^Source: VGChartz sales dataset · Dec 2016 \(Metacritic's critic score/,
  );
  // In the place of the review counts it has none of (the price, which no source gives, says so).
  const reviews = page.locator("dl[aria-label='Latest figures'] > div").filter({ hasText: "Reviews" });
  expect(await reviews.count()).toBe(0);
  await figure.screenshot({ path: `${SCREENSHOT_DIR}/game-critic-score.png` });
  await context.close();
});

// Review r29-a #6: Terraria X360 · PS3 · PSV showed "4.1/5 (39 critics)", the X360 row's 81, as the game's.
test("an entry of several platforms shows each platform's critic score and critics", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  const found = await page.request.get(`${server.url}/api/igdb/search?q=skyrim`);
  const game = ((await found.json()) as Array<{ id: string; name: string }>).find(
    (g) => g.name === "The Elder Scrolls V: Skyrim",
  );
  await page.goto(`${server.url}/games/${game!.id}`);
  const figure = page
    .locator("dl[aria-label='Latest figures'] > div")
    .filter({ hasText: "Critic score by platform" });
  await figure.waitFor();
  expect(await figure.getByRole("definition").first().textContent()).toBe("X360 96 · PS3 92 (/100)");
  expect(await figure.getByTestId("figure-detail").textContent()).toBe(
    "X360: 96/100 (89 critics); PS3: 92/100 (16 critics)",
  );
  await context.close();
});
