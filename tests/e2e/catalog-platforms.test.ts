import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SCREENSHOT_DIR, serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

/**
 * Review 6 #7, #8, #13 on screen, after the imports the tester ran (excerpts of the real files kept
 * with the tests): VGChartz's year-only releases show their year; Steam's players count under PC and
 * the consoles say "No data"; the Games Database's Platforms and Companies tabs list the catalog's.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["steam-store-csv", "tests/fixtures/datasets/steam-store-games/steam.csv"],
    ["steamcharts-csv", "tests/fixtures/datasets/steamcharts/steamcharts_monthly_top1000_2022-02.csv"],
    ["vgsales-csv", "tests/fixtures/datasets/vgsales/vgsales.csv"],
  ]));
});

afterAll(() => stopAll(browser, server));

async function open(path: string): Promise<Page> {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

const card = (scope: Page, title: string): Locator =>
  scope.locator("[data-slot='card']").filter({
    has: scope.locator("[data-slot='card-title']").getByText(title, { exact: true }),
  });

test("Dashboard: Steam's players are PC's; consoles the games are also sold on have no data", async () => {
  const page = await open("/dashboard");
  const players = card(page, "Cross-platform players");
  await players.locator(".apexcharts-bar-area").first().waitFor();
  expect(await players.locator(".apexcharts-xaxis-label").allTextContents()).toEqual(["PC"]);
  const noData = players.getByTestId("players-no-data");
  await noData.waitFor();
  // Said of the platforms listed (the answer stops at those with the most games), not of every one.
  expect(await noData.textContent()).toMatch(/^No data: .*\bWii\b.*\(no source measures players there\)\.$/);
  // Review 7 #13: the bars are SteamCharts' Feb 2022 monthly averages, not players "now".
  await players
    .getByText(
      "Total of each game's latest monthly average players on each platform, up to Feb 2022. Steam's counts are the only ones collected: they count under PC.",
    )
    .waitFor();
  await players
    .locator("[data-slot='source-note']")
    .getByText(/^Source: SteamCharts · Feb 2022/)
    .waitFor();
  await players.screenshot({ path: `${SCREENSHOT_DIR}/cross-platform-players.png` });
  await page.context().close();
});

test("Games Database: the catalog's platforms and companies, and a year-only game's year", async () => {
  const page = await open("/igdb-games?tab=platforms");
  // VGChartz's "PS4", named as IGDB names it, its code as the abbreviation, with its games.
  await page
    .getByTestId("igdb-platform")
    .filter({ hasText: /^PlayStation 4PS4 · \d+ games$/ })
    .waitFor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/games-database-catalog-platforms.png`, fullPage: true });
  // Review r27-a #8: without IGDB the header says where the console games come from, not "via IGDB";
  // one file imported is "the dataset" (review r34-a #3).
  await page
    .getByText(
      "Games, platforms and companies. IGDB is not connected: PlayStation and Xbox games come from the imported VGChartz sales dataset.",
    )
    .waitFor();
  expect(await page.getByText("PlayStation and Xbox coverage: metadata via IGDB.").count()).toBe(0);
  await page.getByText(/^From the catalog's games: the platforms the catalog's games list/).waitFor();
  await page.getByRole("tab", { name: "Companies" }).click();
  await page.getByRole("link", { name: "Nintendo", exact: true }).waitFor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/games-database-catalog-companies.png`, fullPage: true });
  await page.getByRole("link", { name: "Nintendo", exact: true }).click();
  await page.waitForURL(/\/companies\/nintendo$/);
  // Company pages count VGChartz's year-only games: Super Mario Bros. (1985) is Nintendo's first.
  await page.getByText("First release").waitFor();
  await page.getByText("1985").first().waitFor();
  // No source gives reviews of VGChartz's games: unknown, with the reason, not "0" (review 8, item 6).
  const reviews = page.locator("dl > div").filter({ hasText: "Total reviews" });
  await expect
    .poll(() => reviews.textContent())
    .toBe("Total reviews–No source has review figures for its games yet");
  await page.goto(`${server.url}/igdb-games`);
  const box = page.getByRole("textbox", { name: "Search the games database" });
  await box.fill("wii sports resort");
  await box.press("Enter");
  const resort = page.getByTestId("igdb-game").filter({ hasText: "Wii Sports Resort" }).first();
  await resort.getByText("Released 2009").waitFor();
  // A console-only game carries its source line like the Steam cards: the file, and that it states no date.
  expect(await resort.locator("[data-slot='source-note']").textContent()).toMatch(
    /^Source: VGChartz sales dataset \(vgsales\.csv\), undated \(the file states no date\) \(the game, its genre, platforms and release year as the file lists them\)$/,
  );
  await page.context().close();
});

test("Compare and the Dashboard's search tell same-named games apart by year and platforms", async () => {
  // VGChartz lists The Last of Us on PS3 (2013) and PS4 (2014): two games of one name.
  const page = await open("/compare");
  await page.getByRole("searchbox", { name: "Add a game to compare" }).fill("the last of us");
  const suggestions = page.getByRole("list", { name: "Games to add" }).getByRole("button");
  await expect
    .poll(() => suggestions.allTextContents())
    .toEqual(expect.arrayContaining(["The Last of Us (2013 · PS3)", "The Last of Us (2014 · PS4)"]));
  await page.getByRole("button", { name: "The Last of Us (2014 · PS4)" }).click();
  await page.getByRole("list", { name: "Compared games" }).getByText("The Last of Us").waitFor();
  const [id] = new URL(page.url()).searchParams.get("ids")!.split(",");
  const chosen = await page.request.get(`${server.url}/api/games/${id}`);
  expect(await chosen.json()).toMatchObject({ releaseYear: 2014, platforms: ["PS4"] });

  await page.goto(`${server.url}/dashboard?tab=platforms`);
  await page.getByRole("searchbox", { name: "Search games across platforms" }).fill("the last of us");
  const results = page.getByRole("list", { name: "Cross-platform results" }).locator("li");
  await expect
    .poll(() => results.allTextContents())
    .toEqual(expect.arrayContaining(["The Last of Us (2013)PS3", "The Last of Us (2014)PS4"]));
  await page.context().close();
});

test("Game page: a VGChartz game reads its release year, as its estimate inputs do", async () => {
  const page = await open("/");
  const found = await page.request.get(`${server.url}/api/games/search?q=wii%20sports%20resort&limit=1`);
  const [game] = (await found.json()) as Array<{ id: string; name: string }>;
  expect(game?.name).toBe("Wii Sports Resort");
  await page.goto(`${server.url}/games/${game!.id}`);
  await page.getByText("Released: 2009").waitFor();
  await page.context().close();
});
