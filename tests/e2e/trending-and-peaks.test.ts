import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TrendingGame } from "../../src/contracts/games.ts";
import type { IgdbGame } from "../../src/contracts/sources.ts";
import { TRENDING_ORDER_NOTE } from "../../src/contracts/trending-order.ts";
import { SCREENSHOT_DIR, serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

/**
 * Report r25: the Games Database's Trending cards said nothing of why a game trends (item 1), and
 * Game Tracking named a game whose only player figure is a daily peak without the peak's source
 * (item 2). SteamCharts' monthly means (excerpt of the real file) for the trending games; SteamSpy's `ccu` (a
 * day's peak) for the peak-only ones.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["steamcharts-csv", "tests/fixtures/datasets/steamcharts/steamcharts_monthly_top1000_2022-02.csv"],
    ["steamspy-csv", "tests/fixtures/estimates/steamspy-sample.csv"],
  ]));
});

afterAll(() => stopAll(browser, server));

async function open(path: string): Promise<Page> {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

test("Games Database → Trending: each card's growth, what it compares, its source and date, in the Overview's order", async () => {
  const page = await open("/igdb-games");
  const cards = page.getByTestId("igdb-game");
  await expect.poll(() => cards.count()).toBeGreaterThan(0);
  await page.getByText(TRENDING_ORDER_NOTE).waitFor();
  const [igdb, trending] = (await page.evaluate(async () =>
    Promise.all([(await fetch("/api/igdb/trending")).json(), (await fetch("/api/games/trending")).json()]),
  )) as [IgdbGame[], TrendingGame[]];
  // The Overview's trending games, in its order.
  expect(igdb.map((g) => g.id)).toEqual(trending.slice(0, igdb.length).map((g) => g.gameId));
  expect(await cards.count()).toBe(igdb.length);
  const first = igdb[0]!;
  const line = cards.first().getByTestId("igdb-trend");
  // "+5.4% avg. players, latest month vs. the month before (634.6K vs. 602.4K) · SteamCharts, Feb 2022"
  expect(await line.textContent()).toMatch(
    new RegExp(
      `^\\+${(first.trend!.growth * 100).toFixed(1)}% avg\\. players, .+ vs\\. .+ \\(.+ vs\\. .+\\) · ${first.trend!.source.replace(/[()]/g, "\\$&")}, [A-Z][a-z]{2} (\\d{1,2}, )?\\d{4}$`,
    ),
  );
  expect(await cards.getByTestId("igdb-trend").count()).toBe(igdb.length);
  // The file was taken during Feb 2022 (SteamCharts lists the month in progress): that month is
  // named partial, not set against all of January as a whole month (report r25 #4).
  expect(first.trend!.partial).toBe(true);
  expect(await line.textContent()).toContain("latest month (partial) vs. the month before");
  await page.screenshot({ path: `${SCREENSHOT_DIR}/games-database-trending.png` });
  // Popular games carry no growth: no trend line there.
  await page.getByRole("tab", { name: "Popular" }).click();
  await expect.poll(() => page.getByText(TRENDING_ORDER_NOTE).count()).toBe(0);
  expect(await page.getByTestId("igdb-trend").count()).toBe(0);
  await page.context().close();
});

test("Game Tracking: a game whose only player figure is a daily peak reads as a peak with its source and day", async () => {
  const page = await open("/games");
  await page.getByLabel("Search games").fill("Counter-Strike");
  const card = page
    .getByTestId("game-card")
    .filter({ has: page.getByRole("link", { name: "Counter-Strike", exact: true }) });
  await card.waitFor();
  const [result] = (await page.evaluate(async () =>
    (await fetch("/api/games/search?q=Counter-Strike&limit=1")).json(),
  )) as Array<{ playerCount: number; playersFigure: { measure: string; source: string } }>;
  expect(result?.playersFigure).toMatchObject({ measure: "peak", source: "Steam via SteamSpy (dataset)" });
  // 10,775 at SteamSpy's `ccu`: "10.8K peak, 1 day (Steam via SteamSpy (dataset), <day>)".
  await card
    .getByText(/^10\.8K peak, 1 day \(Steam via SteamSpy \(dataset\), [A-Z][a-z]{2} \d{1,2}(, \d{4})?\)$/)
    .waitFor();
  expect(result?.playerCount).toBe(10_775);
  await page.context().close();
});

test("the game page's Players tile gives a peak-only game's peak day, as the lists do", async () => {
  // Report r25 #5: the tile read "Players (peak, 1 day) 10.8K · Source: … · May 2023", the month only.
  const page = await open("/games/steam-10");
  const tile = page
    .locator('dl[aria-label="Latest figures"] > div')
    .filter({ has: page.getByText("Players (peak, 1 day)", { exact: true }) });
  await tile.waitFor();
  const detail = (await page.evaluate(async () => (await fetch("/api/games/steam-10")).json())) as {
    playerCount: number;
    playersFigure: { measure: string; at: string; days: number };
  };
  expect(detail.playerCount).toBe(10_775);
  expect(detail.playersFigure).toMatchObject({ measure: "peak", days: 1 });
  const at = new Date(detail.playersFigure.at);
  const month = at.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  expect(await tile.getByTestId("figure-detail").textContent()).toMatch(
    new RegExp(`^Peak on ${month} ${at.getUTCDate()}(, ${at.getUTCFullYear()})?$`),
  );
  await page.context().close();
});

test("a card whose players figure wraps keeps its players icon at full size", async () => {
  // Report r25 #8: on a phone the icon beside a figure on two lines was squeezed smaller.
  const page = await open("/games");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel("Search games").fill("Counter-Strike");
  const card = page
    .getByTestId("game-card")
    .filter({ has: page.getByRole("link", { name: "Counter-Strike", exact: true }) });
  await card.waitFor();
  const players = card.locator("dl > div").first();
  const figure = await players.locator("dd").boundingBox();
  const icon = await players.locator("svg").boundingBox();
  // The figure wraps (two lines or more), and the icon stays 12 × 12 px (size-3).
  expect(figure!.height).toBeGreaterThan(20);
  expect(icon!.width).toBe(12);
  expect(icon!.height).toBe(12);
  await page.context().close();
});

test("the watchlist report gives every tracked game its growth with what it compares and its source; the Dashboard names each source once", async () => {
  // Report r25 #3 and #6: a game outside the top-50 trending read "–" under "Growth", the report's
  // source line read "the catalog's player series", and the Dashboard watchlist named SteamSpy twice.
  const page = await open("/dashboard");
  await page.getByRole("heading", { name: "Gaming Analytics Dashboard" }).waitFor();
  const trending = (await page.evaluate(async () => {
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    // Dota 2: SteamCharts months, falling in Feb 2022 (not trending); Counter-Strike: a SteamSpy peak only.
    await post("/api/user/games", { gameId: "steam-570" });
    await post("/api/user/games", { gameId: "steam-10" });
    await post("/api/analytics/reports", { reportType: "watchlist_summary" });
    return (await fetch("/api/games/trending")).json();
  })) as TrendingGame[];
  expect(trending.some((g) => g.gameName === "Dota 2")).toBe(false);
  await page.getByRole("tab", { name: "Analytics" }).click();
  await page.getByTestId("recent-report").first().getByRole("button", { name: "View" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Watchlist summary" }).waitFor();
  const dota = dialog
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "Dota 2", exact: true }) });
  const cells = await dota.getByRole("cell").allTextContents();
  expect(cells[3]).toMatch(/^-\d+\.\d%$/);
  expect(cells[4]).toMatch(
    /^avg\. players, latest month \(partial\) vs\. the month before \(.+ → .+\) · SteamCharts, Feb 2022$/,
  );
  const counter = dialog
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "Counter-Strike", exact: true }) });
  expect((await counter.getByRole("cell").allTextContents()).slice(3)).toEqual([
    "–",
    "no two periods to compare",
  ]);
  const note = (await dialog.locator('[data-slot="source-note"]').last().textContent()) ?? "";
  expect(note).not.toContain("the catalog's player series");
  expect(note.match(/SteamCharts/g)).toHaveLength(1);
  expect(note.match(/Steam via SteamSpy \(dataset\)/g)).toHaveLength(1);
  await page.keyboard.press("Escape");
  await page.getByRole("tab", { name: "Game Tracking" }).click();
  const table = page.getByRole("table", { name: "Your watchlist" });
  await table.waitFor();
  const tableNote = (await page.locator('[data-slot="source-note"]').last().textContent()) ?? "";
  expect(tableNote.match(/Steam via SteamSpy \(dataset\)/g)).toHaveLength(1);
  expect(tableNote.match(/SteamCharts/g)).toHaveLength(1);
  await page.context().close();
});

test("the watchlist report fits its five columns at 1280 px and says the table scrolls at 390 px", async () => {
  // Review r26/a #5: at 1280 px the 670 px dialog hid Price, Growth and Compares behind an unmarked
  // sideways scroll, the Players column 472 px wide with an unwrapped peak text.
  const page = await open("/dashboard");
  await page.getByRole("heading", { name: "Gaming Analytics Dashboard" }).waitFor();
  await page.evaluate(async () => {
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    // Dota 2: SteamCharts months (growth and what it compares); Counter-Strike: a SteamSpy peak only.
    await post("/api/user/games", { gameId: "steam-570" });
    await post("/api/user/games", { gameId: "steam-10" });
    await post("/api/analytics/reports", { reportType: "watchlist_summary" });
  });
  await page.getByRole("tab", { name: "Analytics" }).click();
  await page.getByTestId("recent-report").first().getByRole("button", { name: "View" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Watchlist summary" }).waitFor();
  const table = dialog.locator("[data-slot='table-container']");
  await table.waitFor();
  const sizes = () =>
    table.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return {
        overflow: el.scrollWidth - el.clientWidth,
        // Every header inside the scroll box's visible part.
        headersOut: [...el.querySelectorAll("th")]
          .filter((th) => th.getBoundingClientRect().right > box.right + 1)
          .map((th) => th.textContent),
      };
    });
  expect(await sizes()).toEqual({ overflow: 0, headersOut: [] });
  expect(await dialog.getByRole("columnheader").allTextContents()).toEqual([
    "Game",
    "Players",
    "Price",
    "Growth",
    "Compares",
  ]);
  expect(await dialog.locator("[data-slot='table-scroll-hint']").count()).toBe(0);
  // The peak's long text wraps inside its column instead of widening it.
  const counter = dialog
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "Counter-Strike", exact: true }) });
  expect(await counter.getByRole("cell").nth(1).textContent()).toMatch(
    /^10\.8K peak, 1 day \(Steam via SteamSpy/,
  );
  await page.screenshot({ path: `${SCREENSHOT_DIR}/watchlist-report-1280.png` });
  // A phone: the table scrolls sideways, and says so above it.
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog
    .locator("[data-slot='table-scroll-hint']")
    .getByText("Scroll the table sideways for Price, Growth and what it compares.")
    .waitFor();
  expect((await sizes()).overflow).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/watchlist-report-390.png` });
  await page.context().close();
});
