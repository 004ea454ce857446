import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  SCREENSHOT_DIR,
  serverSql,
  serverWithData,
  signedInContext,
  stopAll,
  type TestServer,
} from "./harness.ts";

/**
 * One title on several platform families is several catalog games (Grand Theft Auto V: PS3+X360 in
 * 2013, PS4+XOne in 2014, PC in 2015). Each game's page names the others with their platforms and
 * published units, adds those up as one file's sum, and links to each
 * (docs/decisions/031-same-title-entries.md).
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["vgsales-csv", "tests/fixtures/datasets/vgsales/same-title/Video_Games_Sales_as_at_22_Dec_2016.csv"],
    // God of War on Steam (2022): an entry of its own beside the PS2 game of 2005.
    [
      "steamspy-csv",
      "tests/fixtures/datasets/vgsales/same-title/steamspy_top1000_2023_tags.csv",
      "--as-of",
      "2023-06-01",
    ],
  ]));
});

afterAll(() => stopAll(browser, server));

const idsOf = async (name: string) =>
  (await serverSql(server, "SELECT id FROM games WHERE name = ? ORDER BY release_year", [name])).rows.map(
    (r) => String(r.id),
  );

test("a game's page lists its title's other entries with their figures, and a link opens one", async () => {
  const [ps3, ps4, pc] = await idsOf("Grand Theft Auto V");
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/games/${ps4}`);
  await page.getByRole("heading", { name: "Grand Theft Auto V", level: 1 }).waitFor();
  const section = page.getByRole("region", { name: "Same title on other platforms" });
  await section.waitFor();
  const entries = section.getByRole("listitem");
  expect(await entries.count()).toBe(2);
  // Oldest first, each with its platforms, release year and published units with their file and date.
  const first = entries.nth(0);
  expect(await first.getByRole("link").textContent()).toBe("Grand Theft Auto V");
  expect(await first.textContent()).toContain("PS3, X360 · Released 2013");
  expect(await first.textContent()).toContain("37.31M units sold (published)");
  expect(await first.locator("[data-slot='source-note']").textContent()).toMatch(
    /^Source: VGChartz sales dataset \(Video_Games_Sales_as_at_22_Dec_2016\.csv\) · Dec 2016 /,
  );
  expect(await entries.nth(1).textContent()).toContain("PC · Released 2015");
  expect(await entries.nth(1).textContent()).toContain("1.17M units sold (published)");
  // One file, one date: the three entries' units add up, this one's 18.09M included.
  const total = section.locator("[data-slot='same-title-total']");
  expect(await total.textContent()).toMatch(
    /^56\.57M units sold \(published\): the sum of 3 entries, this one included, from one file, not an estimate\./,
  );
  await section.screenshot({ path: `${SCREENSHOT_DIR}/same-title.png` });
  // Its CSV carries that sum as its last row, with the entries it adds up (review r26/a #11).
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("button", { name: /Export CSV/ }).click(),
  ]);
  const csv = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(csv).toHaveLength(4);
  const sum = csv[3]!;
  expect(sum[0]!.split("; ").sort()).toEqual([ps3, ps4, pc].sort());
  expect(sum[1]).toBe("Sum of published units (3 entries, this one included)");
  expect(sum[5]).toBe("56570000");
  expect(sum[6]).toMatch(/^VGChartz sales dataset/);
  expect(csv.slice(1, 3).map((r) => r[csv[0]!.indexOf("in the published sum")])).toEqual(["yes", "yes"]);

  // The link opens that entry's page, which names this one in turn.
  await first.getByRole("link", { name: "Grand Theft Auto V" }).click();
  await page.waitForURL(`${server.url}/games/${ps3}`);
  await page.getByText("PS3, X360", { exact: false }).first().waitFor();
  const there = page.getByRole("region", { name: "Same title on other platforms" });
  await there.waitFor();
  const links = there.getByRole("listitem").getByRole("link");
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
    `/games/${ps4}`,
    `/games/${pc}`,
  ]);
  await context.close();
});

test("a Steam entry shows its estimate with its source, and no sum adds it to published units", async () => {
  const rows = (
    await serverSql(
      server,
      "SELECT id, steam_app_id FROM games WHERE name = 'God of War' ORDER BY steam_app_id",
    )
  ).rows;
  expect(rows.map((r) => r.steam_app_id)).toEqual([null, 1593500]);
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/games/${rows[0]!.id}`);
  const section = page.getByRole("region", { name: "Same title on other platforms" });
  await section.waitFor();
  const entry = section.getByRole("listitem");
  expect(await entry.count()).toBe(1);
  await entry.getByText(/units sold \(estimate/).waitFor();
  expect(await entry.textContent()).toContain("On Steam (app 1593500) · Release unknown");
  expect(await entry.textContent()).not.toContain("(published)");
  expect(await entry.locator("[data-slot='source-note']").textContent()).toMatch(
    /^Source: Estimates per game/,
  );
  expect(await section.locator("[data-slot='same-title-total']").count()).toBe(0);
  await section.screenshot({ path: `${SCREENSHOT_DIR}/same-title-estimate.png` });
  await context.close();
});

// Review r26/b #3: NFS: Most Wanted of 2005 and its 2012 reboot (and its 2013 port) summed to one
// "13.77M units sold", the figure of no one game.
test("entries of one name released years apart show their own units and why no sum is given", async () => {
  const [mw2005] = await idsOf("Need for Speed: Most Wanted");
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/games/${mw2005}`);
  const section = page.getByRole("region", { name: "Same title on other platforms" });
  await section.waitFor();
  const entries = section.getByRole("listitem");
  expect(await entries.count()).toBe(2);
  expect(await entries.nth(0).textContent()).toContain("5.46M units sold (published)");
  expect(await entries.nth(1).textContent()).toContain("0.27M units sold (published)");
  expect(await section.locator("[data-slot='same-title-total']").count()).toBe(0);
  expect(await section.locator("[data-slot='same-title-no-sum']").textContent()).toBe(
    "No sum of published units: the entries that have some were released in 2005, 2012 and 2013, more than 3 years apart, so they may be different games of this name (a remake or a reboot), and their sum would be the figure of no one game.",
  );
  await section.screenshot({ path: `${SCREENSHOT_DIR}/same-title-years-apart.png` });
  await context.close();
});

// Review s9 #1: Compare's summed row read "–" for these entries with no reason, while their game pages
// say why no sum is given. Compare says it in the same words, under the cell and in its CSV.
test("Compare says why it gives no sum over entries released years apart, as the game page does", async () => {
  const [mw2005, mw2012] = await idsOf("Need for Speed: Most Wanted");
  const reason =
    "No sum of published units: the entries that have some were released in 2005, 2012 and 2013, more than 3 years apart, so they may be different games of this name (a remake or a reboot), and their sum would be the figure of no one game.";
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/compare?ids=${mw2005},${mw2012}`);
  const table = page.getByRole("table", { name: "Key figures" });
  const summed = "Units sold (published), entries of this title summed";
  const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: summed, exact: true }) });
  await row.waitFor();
  const cells = row.locator("td");
  expect(await cells.count()).toBe(3);
  for (const i of [1, 2]) {
    expect(await cells.nth(i).locator("[data-slot='key-figure-note']").textContent()).toBe(reason);
    expect(await cells.nth(i).textContent()).toBe(`–${reason}`);
  }
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).first().click(),
  ]);
  const csv = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(csv.find((r) => r[0] === summed)?.slice(1)).toEqual(["units", "", ""]);
  expect(csv.find((r) => r[0] === `${summed}: why no sum`)?.slice(1)).toEqual(["", reason, reason]);
  await context.close();
});

test("a game whose title has no other entry shows no such section", async () => {
  const [iv] = await idsOf("Grand Theft Auto IV");
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/games/${iv}`);
  await page.getByRole("heading", { name: "Grand Theft Auto IV", level: 1 }).waitFor();
  await page.getByRole("region", { name: "Similar games" }).waitFor();
  expect(await page.getByRole("region", { name: "Same title on other platforms" }).count()).toBe(0);
  await context.close();
});

// Review r25 #2: a search card showed its entry's first platform alone ("PS4" for PS4+XOne, "PS3" for
// PS3+X360), so the same-named results could not be told apart. Up to 3 platforms and "+N" (spec §8).
test("Game Tracking search: each card names its entry's platforms, up to 3 and +N", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/games`);
  await page.getByLabel("Search games").fill("grand theft auto v");
  const cards = page.getByTestId("game-card");
  const badgesOf = (name: string) =>
    cards
      .filter({ has: page.getByRole("link", { name, exact: true }) })
      .locator("[data-slot='badge']")
      .allTextContents();
  await expect.poll(async () => (await cards.count()) > 0).toBe(true);
  const gta = cards.filter({ has: page.getByRole("link", { name: "Grand Theft Auto V", exact: true }) });
  await expect.poll(() => gta.count()).toBe(3);
  const platforms = await gta.evaluateAll((all) =>
    all.map((card) =>
      [...card.querySelectorAll("[data-slot='badge']")]
        .map((b) => b.textContent)
        .filter((t) => t !== "Action")
        .join(" "),
    ),
  );
  expect(platforms.sort()).toEqual(["PC", "PS3 X360", "PS4 XOne"]);
  // Four platforms: three named, the fourth as "+1", named on hover.
  await page.getByLabel("Search games").fill("destiny");
  await expect.poll(() => badgesOf("Destiny")).toEqual(["PS4", "XOne", "X360", "+1", "Shooter"]);
  const more = cards.locator("[data-slot='badge']", { hasText: "+1" });
  expect(await more.getAttribute("title")).toBe("PS3");
  await context.close();
});

test("an entry with no Steam figures points to its title's Steam entry instead of saying the game is not on Steam", async () => {
  // Report r25 #2: GTA V's PS4/XOne page said "this game is not on Steam" on its Players tile and its
  // Owners, Reviews and Price charts, while its PC entry is on Steam. Review r26/b #3: the Steam God of
  // War may be another game (the 2022 one), and the SteamSpy file gives it no year, so the link says so.
  const rows = (
    await serverSql(server, "SELECT id, platforms FROM games WHERE name = 'God of War' ORDER BY steam_app_id")
  ).rows;
  const [ps2, steam] = rows.map((r) => String(r.id));
  const platforms = (JSON.parse(String(rows[0]!.platforms)) as string[]).join(", ");
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/games/${ps2}`);
  const tile = page
    .locator('dl[aria-label="Latest figures"] > div')
    .filter({ has: page.getByText("Players (latest count)", { exact: true }) });
  await tile.waitFor();
  expect(await tile.locator("p").last().textContent()).toBe(
    `No source counts this entry's players: player counts come from Steam, and this entry (${platforms}) has no Steam figures; an entry of this name is on Steam, but with a release year unknown it may be another game: see the Steam entry (app 1593500, year unknown).`,
  );
  expect(await tile.getByRole("link").getAttribute("href")).toBe(`/games/${steam}`);
  // The average tile, the Owners panel and the empty charts (Players, Reviews, Positive share, Price,
  // Owners) say the same of their sources, each with the link.
  const links = page.getByRole("link", { name: "the Steam entry (app 1593500, year unknown)" });
  await expect.poll(() => links.count(), { timeout: 10_000 }).toBe(8);
  // (The units estimate panel says why the owners model does not cover this entry: not these texts.)
  expect(await page.getByText(/this game is not on Steam/).count()).toBe(0);
  await page.getByRole("link", { name: "the Steam entry (app 1593500, year unknown)" }).first().click();
  await page.waitForURL(`${server.url}/games/${steam}`);

  // GTA V's entries are all from the sales file, none a Steam app: "not on Steam" stays true there.
  const [, ps4] = await idsOf("Grand Theft Auto V");
  await page.goto(`${server.url}/games/${ps4}`);
  await page
    .getByText(
      "No source counts this game's players: player counts come from Steam, and this game is not on Steam",
    )
    .first()
    .waitFor();
  expect(await page.getByText(/has no Steam figures/).count()).toBe(0);
  await context.close();
});
