import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openClient } from "../../src/server/db/client.ts";
import { launchBrowser, type Role, signedInContext, startServer, type TestServer } from "./harness.ts";

/**
 * Issue 9 §1 and §3, issue 10 "Export everywhere": with demo data in the catalog, every card, list
 * and chart fed by it names its source and time and says "demo"; the exports added to the data
 * screens download what they show, units in the header row.
 */
let server: TestServer;
let browser: Browser;

// A community dataset as the GitHub sync stores it (fields of tests/fixtures/recorded/github-repo.json).
const DATASET = {
  fullName: "analyst/video-game-sales",
  name: "video-game-sales",
  description: "VGChartz sales by platform, as CSV",
  topics: ["video-games", "dataset"],
  owner: { login: "analyst", avatarUrl: null },
  stars: 87,
  lastUpdated: "2024-03-02T10:00:00Z",
  size: 1412,
  language: "Jupyter Notebook",
  htmlUrl: "https://github.com/analyst/video-game-sales",
  downloadUrl: "https://github.com/analyst/video-game-sales/archive/refs/heads/main.zip",
};

beforeAll(async () => {
  server = await startServer({ demoData: true });
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    await db.execute("PRAGMA busy_timeout = 30000");
    await db.execute({
      sql: "INSERT INTO community_datasets (full_name, kind, stars, data, fetched_at) VALUES (?, 'dataset', ?, ?, ?)",
      args: [DATASET.fullName, DATASET.stars, JSON.stringify(DATASET), Date.now()],
    });
    // A Kaggle dataset as the Kaggle sync stores it (tests/fixtures/recorded/kaggle-datasets.json's first).
    await db.execute({
      sql: "INSERT INTO kaggle_datasets (ref, title, download_count, usability_rating, size, vote_count, last_updated, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      args: [
        "nikdavis/steam-store-games",
        "Steam Store Games (Clean dataset)",
        51234,
        0.88235295,
        9021951,
        812,
        "2019-06-12T10:49:37.78Z",
        Date.now(),
      ],
    });
  } finally {
    db.close();
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(role: Role, path: string): Promise<Page> {
  const { context } = await signedInContext(browser, server, { role });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

/** The card whose title is `title`. */
const card = (scope: Page | Locator, title: string) =>
  scope.locator("[data-slot='card']").filter({
    has: scope.locator("[data-slot='card-title']").getByText(title, { exact: true }),
  });

const noteOf = (scope: Locator) => scope.locator("[data-slot='source-note']");

/**
 * Waits until the card's source note shows text matching `shows` (screen-reader-only words left out)
 * and returns it: its figures, their sources and the catalog's demo flag arrive separately.
 */
async function noteText(scope: Locator, shows: RegExp = /^Source: /): Promise<string> {
  const note = noteOf(scope).first();
  const shown = () =>
    note.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll(".sr-only")) hidden.remove();
      return copy.textContent ?? "";
    });
  await note.waitFor();
  await expect.poll(shown).toMatch(shows);
  return shown();
}

async function csvOf(page: Page, button: string): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  const text = readFileSync((await download.path())!, "utf8");
  return { name: download.suggestedFilename(), rows: parse(text, { bom: true }) as string[][] };
}

test("Dashboard: every card of the catalog names its source and time and says demo; the live panel is dated", async () => {
  const page = await open("premium", "/dashboard");
  await page.getByRole("heading", { name: "Gaming Analytics Dashboard" }).waitFor();
  for (const title of ["Player trends", "Cross-platform players", "Platform distribution"]) {
    await noteText(card(page, title), /^Source: \S.* · .* demo$/);
  }
  // Each chart downloads the bars it shows: platform names unformatted, players as integers.
  const platforms = card(page, "Cross-platform players");
  await platforms.locator(".apexcharts-bar-area").first().waitFor();
  const players = await csvOf(page, "Export CSV of Cross-platform players");
  expect(players.name).toBe("cross-platform-players.csv");
  // Review r27-a #6: each figure with its source and date.
  expect(players.rows[0]).toEqual(["platform", "players (players)", "source", "as of (ISO 8601)"]);
  expect(players.rows.slice(1).map((r) => r[0])).toEqual(
    await platforms.locator(".apexcharts-xaxis-label").allTextContents(),
  );
  for (const row of players.rows.slice(1)) {
    expect(row[1]).toMatch(/^\d+$/);
    expect(row[2]).toBeTruthy();
    expect(row[3]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  }
  // Review r27-a #1: each platform's share of the catalog's games, not of the platforms' counts
  // summed; the file carries the share, its base and the source.
  const distribution = card(page, "Platform distribution");
  await distribution
    .getByText(
      /^Share of the catalog's [\d,]+ games on each platform\. A game on several platforms counts under each, so the shares add up to more than 100%\.$/,
    )
    .waitFor();
  await distribution.locator(".apexcharts-bar-area").first().waitFor();
  // The demo catalog's platforms fit the chart, or the card says which it shows.
  const shown = distribution.getByTestId("platforms-shown");
  if (await shown.count())
    expect(await shown.textContent()).toMatch(
      /^The 8 of \d+ platforms with the most games; Export CSV lists every one\.$/,
    );
  const shares = await csvOf(page, "Export CSV of Platform distribution");
  expect(shares.name).toBe("platform-distribution.csv");
  expect(shares.rows[0]).toEqual([
    "platform",
    "games (games)",
    "share of catalog games (%)",
    "catalog games (games)",
    "source",
    "as of (ISO 8601)",
  ]);
  for (const [, games, share, catalogGames, source] of shares.rows.slice(1)) {
    // To one decimal, as the server rounds it.
    expect(Number(share)).toBe(Math.round((Number(games) / Number(catalogGames)) * 1000) / 10);
    expect(source).toBeTruthy();
  }
  const trends = await csvOf(page, "Export CSV of Player trends");
  expect(trends.rows[0]).toEqual(["date (ISO 8601)", "players (players)", "games (games)"]);
  expect(trends.rows.length).toBeGreaterThan(30);
  // The live panel: the server's own counts, dated by their last update (no demo rows in them).
  const realtime = await noteText(card(page, "Real-time"), /^Source: this server's live counts/);
  expect(realtime).toMatch(/^Source: this server's live counts · updated (\d+ min ago|just now)$/);

  await page.getByRole("tab", { name: /Multi-?Platform/ }).click();
  await page.getByRole("searchbox", { name: "Search games across platforms" }).fill("Cosmic");
  const search = card(page, "Cross-platform search");
  await search.getByRole("list", { name: "Cross-platform results" }).locator("li").first().waitFor();
  await noteText(search, /^Source: Demo data \(generated, not real\) · .* demo$/);
  // Free games: the stores' offers and the catalog's free-to-play games, named, or an honest empty state.
  // The demo catalog's free games record no store, so the user's stores (Steam and Epic by default)
  // have none: every store's are asked for.
  const free = card(page, "Free games");
  await free.getByRole("button", { name: "Show all" }).click();
  await expect
    .poll(
      async () => (await noteOf(free).count()) + (await free.getByText("No free games right now").count()),
    )
    .toBe(1);
  // Report r10-b #9: the catalog's free-to-play games open their game pages (no store offers here).
  const freeRows = free.getByRole("list", { name: "Free games" }).getByRole("listitem");
  const freeCount = await freeRows.count();
  expect(freeCount).toBeGreaterThan(0);
  expect(await freeRows.locator('a[href^="/games/"]').count()).toBe(freeCount);
  const first = freeRows.first().locator('a[href^="/games/"]');
  const firstName = (await first.textContent()) ?? "";
  await first.click();
  await page.waitForURL(/\/games\//);
  await page.getByRole("heading", { name: firstName, exact: true }).first().waitFor();
  await page.goBack();
  await page.getByRole("tab", { name: /Multi-?Platform/ }).waitFor();

  await page.getByRole("tab", { name: "Analytics" }).click();
  // The revenue card names its source once, under the chart.
  const revenue = card(page, "Global games revenue");
  await noteText(revenue);
  expect(((await revenue.textContent()) ?? "").match(/Source:/g)).toHaveLength(1);

  await page.getByRole("tab", { name: "Game Tracking" }).click();
  await page.getByText("No games in your watchlist yet").waitFor();
  await page.context().close();
});

// Report r11-b #14: the Free games card names the sources of the games it lists, not the catalog's.
test("Dashboard: the Free games note names only the sources of the free games listed", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  // The catalog also holds a source none of the free games comes from.
  await page.route("**/api/data-sources/catalog", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { provenance: Array<{ source: string; asOf: string | null }> };
    body.provenance.push({ source: "VGChartz sales dataset (vgsales.csv)", asOf: null });
    await route.fulfill({ response, json: body });
  });
  await page.goto(`${server.url}/dashboard?tab=platforms&stores=all`);
  const free = card(page, "Free games");
  await free.getByRole("list", { name: "Free games" }).waitFor();
  const text = await noteText(free, /^Source: Demo data \(generated, not real\)/);
  expect(text).not.toContain("VGChartz");
  await context.close();
});

test("Overview: Market Intelligence names its player series and says demo; its CSV is the bars it shows", async () => {
  const page = await open("premium", "/");
  const market = card(page, "Market Intelligence");
  await noteText(market, /^Source: Demo data \(generated, not real\) · .* demo$/);
  await noteText(card(page, "Live Gaming Trends"), /demo$/);
  // The volatility card averages the same genre series, and says so.
  const volatility = page.locator("[data-slot='metric-card']").filter({ hasText: "Market Volatility" });
  await noteText(volatility, /^Source: Demo data \(generated, not real\) · .* demo$/);
  const bars = market.locator(".apexcharts-bar-area");
  await bars.first().waitFor();
  const { name, rows } = await csvOf(page, "Export CSV of Market Intelligence");
  expect(name).toBe("genre-volatility.csv");
  expect(rows[0]).toEqual(["genre", "volatility (0-10)", "as of (ISO 8601)"]);
  expect(rows).toHaveLength((await bars.count()) + 1);
  const labels = await market.locator(".apexcharts-xaxis-label").allTextContents();
  expect(rows.slice(1).map((r) => r[0])).toEqual(labels);
  for (const row of rows.slice(1)) {
    expect(row[1]).toMatch(/^\d+(\.\d+)?$/);
    expect(row[2]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  }
  await page.context().close();
});

test("Reports and the market analysis name their series, say demo, and download their tables", async () => {
  const page = await open("premium", "/");
  await page.getByRole("button", { name: "Market Analysis" }).click();
  const analysis = page.getByRole("dialog", { name: "Market analysis" });
  const table = analysis.getByRole("table", { name: "Genre" });
  await expect.poll(() => table.getByRole("row").count()).toBeGreaterThan(3);
  await noteText(analysis, /^Source: Demo data \(generated, not real\) · .* demo$/);
  const genres = await csvOf(page, "Export CSV of Genre");
  expect(genres.rows[0]).toEqual(["genre", "players (players)", "change (%)", "volatility (0-10)"]);
  expect(genres.rows).toHaveLength(await table.getByRole("row").count());
  expect(genres.rows.slice(1).map((r) => r[0])).toEqual(
    (await table.getByRole("row").allTextContents())
      .slice(1)
      .map((t) => expect.stringContaining(t.slice(0, 3))),
  );
  await page.keyboard.press("Escape");
  await analysis.waitFor({ state: "detached" });

  await page.getByRole("button", { name: "Generate Report" }).click();
  const report = page.getByRole("dialog", { name: "Market overview report" });
  await report.getByRole("table").waitFor();
  await noteText(report, /^Source: the catalog's player series · .* demo$/);
  const { rows } = await csvOf(page, "Export CSV of Market overview report");
  expect(rows[0]).toEqual(["game", "players (players)", "growth (%)"]);
  expect(rows).toHaveLength(await report.getByRole("row").count());
  for (const row of rows.slice(1)) expect(row[1]).toMatch(/^\d+$/);
  await page.context().close();
});

test("Historical Data: the games' series say demo and their source; the CSV holds every point shown", async () => {
  const page = await open("regular", "/historical-analytics?tab=historical");
  const games = page.getByTestId("historical-game");
  await games.first().waitFor();
  const panel = page.getByRole("tabpanel", { name: "Historical Data" });
  // Each source once, with what it covers there (review r27-a, item 8).
  await noteText(panel, /^Source: Demo data \(generated, not real\): players.* · .* demo$/);
  expect(await games.first().getByText("demo", { exact: true }).count()).toBe(1);
  const shownPoints = await panel.locator("[data-testid='historical-game'] li").count();
  const { name, rows } = await csvOf(page, "Export CSV of Historical Data");
  expect(name).toBe("historical-data.csv");
  expect(rows[0]).toEqual([
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
  expect(rows).toHaveLength(shownPoints + 1);
  // The first card's first point, unformatted.
  const first = games.first();
  const gameName = await first.getByRole("link").first().textContent();
  const shownPlayers = (await first.locator("li").first().locator("span").nth(1).textContent())!;
  expect(rows[1]![0]).toBe(gameName);
  expect(rows[1]![3]).toBe(shownPlayers.replace(/,/g, ""));
  // Each figure says what it measures and where it comes from, as its card does.
  expect(rows[1]!.slice(4, 6)).toEqual(["daily average", "Demo data (generated, not real)"]);
  expect(await first.getByTestId("player-series").textContent()).toBe(
    "Daily average · Demo data (generated, not real)",
  );
  expect(rows[1]![8]).toBe("true");
  await page.context().close();
});

test("Community datasets: the cards name GitHub and download as CSV, one row per card", async () => {
  const page = await open("regular", "/github-gaming");
  await page.getByTestId("dataset-card").first().waitFor();
  const panel = page.getByRole("tabpanel", { name: /Gaming Datasets/ });
  await noteText(panel, /^Source: GitHub/);
  const { name, rows } = await csvOf(page, "Export CSV of Gaming Datasets");
  expect(name).toBe("community-datasets-datasets.csv");
  expect(rows[0]).toEqual([
    "repository",
    "owner",
    "description",
    "topics",
    "stars (stars)",
    "last updated (ISO 8601)",
    "size (KB)",
    "language",
    "url",
  ]);
  expect(rows).toHaveLength((await page.getByTestId("dataset-card").count()) + 1);
  expect(rows[1]).toEqual([
    DATASET.fullName,
    "analyst",
    DATASET.description,
    "video-games; dataset",
    "87",
    DATASET.lastUpdated,
    "1412",
    DATASET.language,
    DATASET.htmlUrl,
  ]);
  await page.context().close();
});

test("Historical Gaming Datasets: the Kaggle cards download as CSV, sizes and counts unformatted", async () => {
  const page = await open("regular", "/historical-analytics");
  const panel = page.getByRole("tabpanel", { name: "Gaming Datasets" });
  await panel.getByText("Steam Store Games (Clean dataset)").waitFor();
  await noteText(panel, /^Source: Kaggle/);
  const { name, rows } = await csvOf(page, "Export CSV of Gaming Datasets");
  expect(name).toBe("kaggle-gaming-datasets.csv");
  expect(rows).toEqual([
    [
      "dataset",
      "ref",
      "downloads (downloads)",
      "usability (out of 10)",
      "size (KB)",
      "votes (votes)",
      "last updated (ISO 8601)",
    ],
    [
      "Steam Store Games (Clean dataset)",
      "nikdavis/steam-store-games",
      "51234",
      // Out of 10, as the card shows it, unrounded.
      String(0.88235295 * 10),
      "8810",
      "812",
      "2019-06-12T10:49:37.78Z",
    ],
  ]);
  // The card shows the same figures, formatted.
  await panel.getByText("8.8/10").waitFor();
  await panel.getByText("8,810 KB").waitFor();
  await page.context().close();
});

test("Data sources: the table downloads as CSV, one row per source, times in ISO 8601", async () => {
  const page = await open("regular", "/data-sources");
  const table = page.getByRole("table", { name: "Data sources" });
  await expect.poll(() => table.getByRole("row").count()).toBeGreaterThan(2);
  const { name, rows } = await csvOf(page, "Export CSV of Data sources");
  expect(name).toBe("data-sources.csv");
  expect(rows[0]).toEqual([
    "source",
    "publisher",
    "licence",
    "url",
    "provides",
    "newest data (ISO 8601)",
    "last sync (ISO 8601)",
    "stored (records)",
    "record unit",
    "last failed sync (ISO 8601)",
    "last sync error",
  ]);
  expect(rows).toHaveLength(await table.getByRole("row").count());
  for (const row of rows.slice(1)) {
    expect(row[5]).toMatch(/^$|^\d{4}-\d{2}-\d{2}T/);
    expect(row[7]).toMatch(/^\d+$/);
  }
  // Review r28-a #6: without IGDB's keys its row says it is not connected (not "not synced yet", as if
  // pending), offers its coverage only once connected, and names no setting.
  const igdb = page.getByTestId("source-igdb");
  await igdb.getByText("not connected", { exact: true }).waitFor();
  expect(await igdb.textContent()).not.toMatch(/not synced yet|IGDB_CLIENT/);
  expect(rows.find((r) => r[0] === "IGDB")![4]).toMatch(/^When connected: .*PlayStation and Xbox coverage$/);
  await page.context().close();
});

test("Market screener: the market size and the results name their source and say demo", async () => {
  const page = await open("premium", "/market");
  await noteText(page.getByRole("region", { name: "Market size" }), /^Source: \S.* · .* demo$/);
  await noteText(page.getByRole("region", { name: "Games" }), /^Source: \S.* · .* demo$/);
  await page.context().close();
});
