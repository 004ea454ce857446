import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openClient } from "../../src/server/db/client.ts";
import {
  launchBrowser,
  type Role,
  SCREENSHOT_DIR,
  signedInContext,
  startServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let browser: Browser;
let top: Array<{ id: string; name: string }>;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    // The demo catalog is generated at first start: the most popular games have player series.
    for (let waited = 0; waited < 60_000; waited += 250) {
      const n = Number((await db.execute("SELECT count(*) AS n FROM game_metrics")).rows[0]!.n);
      if (n > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const rs = await db.execute(
      "SELECT id, name FROM games WHERE current_players IS NOT NULL ORDER BY popularity DESC LIMIT 6",
    );
    top = rs.rows.map((r) => ({ id: String(r.id), name: String(r.name) }));
  } finally {
    db.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function as(role: Role, path: string): Promise<Page> {
  const { context } = await signedInContext(browser, server, { role });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

const chartDrawn = (page: Page, title: string) =>
  page
    .getByRole("region", { name: title, exact: true })
    .locator(".apexcharts-svg")
    .first()
    .waitFor({ timeout: 15_000 });

test("a search result opens the game's page with its charts and their sources", async () => {
  const game = top[0]!;
  const page = await as("regular", "/games");
  await page.getByRole("searchbox", { name: "Search games" }).fill(game.name);
  await page.getByRole("link", { name: game.name, exact: true }).first().click();
  await page.waitForURL(`${server.url}/games/${game.id}`);
  await page.getByRole("heading", { name: game.name, level: 1 }).waitFor();
  await chartDrawn(page, "Players");
  const players = page.getByRole("region", { name: "Players", exact: true });
  expect(await players.getByText(/^Source: Demo data/).count()).toBe(1);
  // The range lives in the URL.
  await players.getByRole("button", { name: "30 d" }).click();
  await page.waitForURL(/players=30d/);
  expect(await players.getByRole("button", { name: "30 d" }).getAttribute("aria-pressed")).toBe("true");
  // The chart's series downloads as CSV with units in the header.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    players.getByRole("button", { name: "Export CSV of Players" }).click(),
  ]);
  const rows = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  // Each column says its period (the demo's players are daily; it has no peaks).
  expect(rows[0]).toEqual([
    "time (ISO 8601)",
    "Average players, daily (players)",
    "Peak players (players)",
    "source",
    "as of (ISO 8601)",
  ]);
  expect(rows.length).toBeGreaterThan(2);
  expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
  // Every row names its source and the date of its data, as the chart's note does.
  const playersNote = (await players.locator("[data-slot='source-note']").textContent()) ?? "";
  for (const row of rows.slice(1)) {
    expect(playersNote).toContain(row[3]);
    expect(row[4]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  }
  await page.getByRole("region", { name: "Similar games" }).getByRole("link").first().waitFor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/game-page.png`, fullPage: true });
  // steam-<appid> and unknown ids.
  await page.goto(`${server.url}/games/steam-999999999`);
  await page.getByText("No game with that id in the catalog").waitFor();
  await page.context().close();
});

// Review 10 b, items 3 and 4: each company of a credit links to its own page, a name in another
// script too (it shared /companies/game with every such company before).
test("each developer of a game links to its own company page, a name in another script too", async () => {
  const game = top[5]!;
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    await db.execute({
      sql: "UPDATE games SET developer = 'Keep Works, 乐客游戏' WHERE id = ?",
      args: [game.id],
    });
  } finally {
    db.close();
  }
  const page = await as("regular", `/games/${game.id}`);
  await page.getByRole("heading", { name: game.name, level: 1 }).waitFor();
  expect(await page.getByRole("link", { name: "Keep Works", exact: true }).getAttribute("href")).toBe(
    "/companies/keep-works",
  );
  await page.getByRole("link", { name: "乐客游戏", exact: true }).click();
  await page.waitForURL(`${server.url}/companies/${encodeURIComponent("乐客游戏")}`);
  await page.getByRole("heading", { name: "乐客游戏", level: 1 }).waitFor();
  // The game is on that company's page (its link also says "Demo": the demo catalog's game).
  await page.locator(`a[href="/games/${encodeURIComponent(game.id)}"]`).waitFor();
  await page.context().close();
});

test("compare three games: key figures side by side, overlaid charts, add and remove in the URL", async () => {
  const [a, b, c] = top as [
    { id: string; name: string },
    { id: string; name: string },
    { id: string; name: string },
  ];
  const page = await as("regular", `/compare?ids=${a.id},${b.id},${c.id}`);
  const table = page.getByRole("table", { name: "Key figures" });
  await table.waitFor();
  for (const g of [a, b, c]) await table.getByRole("columnheader", { name: g.name }).waitFor();
  await chartDrawn(page, "Players");
  await expect
    .poll(() =>
      page.getByRole("region", { name: "Players", exact: true }).locator(".apexcharts-series").count(),
    )
    .toBe(3);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/compare.png`, fullPage: true });
  await page.getByRole("button", { name: `Remove ${c.name}` }).click();
  await page.waitForURL((url) => url.searchParams.get("ids") === `${a.id},${b.id}`);
  expect(await table.getByRole("columnheader").count()).toBe(3);
  await page.getByRole("searchbox", { name: "Add a game to compare" }).fill(c.name);
  await page
    .getByRole("list", { name: "Games to add" })
    .getByRole("button", { name: c.name })
    .first()
    .click();
  await page.waitForURL((url) => url.searchParams.get("ids") === `${a.id},${b.id},${c.id}`);
  await table.getByRole("columnheader", { name: c.name }).waitFor();
  await page.context().close();
});

test("compare: an address with more than five games compares the first five and names the ones left out", async () => {
  const six = top.slice(0, 6);
  expect(six).toHaveLength(6);
  const page = await as("regular", `/compare?ids=${six.map((g) => g.id).join(",")}`);
  const table = page.getByRole("table", { name: "Key figures" });
  await table.waitFor();
  expect(await table.getByRole("columnheader").count()).toBe(6);
  await page
    .getByRole("status")
    .filter({ hasText: `At most 5 games are compared; left out: ${six[5]!.id}` })
    .waitFor();
  await page.context().close();
});

// Report r11-b #5: a game named twice (by steam-<appid> and by its id) takes one of the five places.
test("compare: a game named twice counts once toward the five, and the games left out stay in the address", async () => {
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    await db.execute({ sql: "UPDATE games SET steam_app_id = 990570 WHERE id = ?", args: [top[0]!.id] });
  } finally {
    db.close();
  }
  const six = top.slice(0, 6);
  const ids = ["steam-990570", ...six.map((g) => g.id)];
  const page = await as("regular", `/compare?ids=${ids.join(",")}`);
  const table = page.getByRole("table", { name: "Key figures" });
  for (const g of six.slice(0, 5)) await table.getByRole("columnheader", { name: g.name }).waitFor();
  expect(await table.getByRole("columnheader").count()).toBe(6);
  await page
    .getByRole("status")
    .filter({ hasText: `At most 5 games are compared; left out: ${six[5]!.id}` })
    .waitFor();
  // Removing a game keeps the one left out in the address, and it takes the place freed.
  await page.getByRole("button", { name: `Remove ${six[1]!.name}` }).click();
  await page.waitForURL(
    (url) =>
      url.searchParams.get("ids") ===
      ["steam-990570", six[0]!.id, ...six.slice(2).map((g) => g.id)].join(","),
  );
  await table.getByRole("columnheader", { name: six[5]!.name }).waitFor();
  expect(await table.getByRole("columnheader").count()).toBe(6);
  expect(await page.getByText(/left out/).count()).toBe(0);
  // Four games under five ids: one more can be added.
  await page.goto(`${server.url}/compare?ids=${ids.slice(0, 5).join(",")}`);
  for (const g of six.slice(0, 4)) await table.getByRole("columnheader", { name: g.name }).waitFor();
  expect(await table.getByRole("columnheader").count()).toBe(5);
  expect(
    await page.getByRole("searchbox", { name: "Add a game to compare" }).getAttribute("placeholder"),
  ).toBe("Add a game...");
  await page.context().close();
});

// Report r10-b #5 and #8: a game given as `steam-<appid>` is the catalog's game, compared once
// whichever id adds it again; a game with only a release year shows that year and exports it.
test("compare: a game given as steam-<appid> is not added twice; a year-only release shows and exports its year", async () => {
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  let game: { id: string; name: string };
  try {
    const [row] = (
      await db.execute(
        "SELECT id, name FROM games WHERE is_demo = 1 ORDER BY popularity DESC LIMIT 1 OFFSET 12",
      )
    ).rows;
    game = { id: String(row!.id), name: String(row!.name) };
    await db.execute({
      sql: "UPDATE games SET steam_app_id = 990730, release_date = NULL, release_year = 2006 WHERE id = ?",
      args: [game.id],
    });
  } finally {
    db.close();
  }
  const page = await as("regular", "/compare?ids=steam-990730");
  const table = page.getByRole("table", { name: "Key figures" });
  await table.getByRole("columnheader", { name: game.name }).waitFor();
  expect(
    await table.getByRole("row").filter({ hasText: "Released" }).getByRole("cell").allTextContents(),
  ).toEqual(["Released", "2006"]);
  const search = page.getByRole("searchbox", { name: "Add a game to compare" });
  await search.fill(game.name);
  await page
    .getByRole("list", { name: "Games to add" })
    .getByRole("button", { name: game.name })
    .first()
    .click();
  await expect.poll(() => search.inputValue()).toBe("");
  expect(new URL(page.url()).searchParams.get("ids")).toBe("steam-990730");
  expect(await page.getByRole("list", { name: "Compared games" }).getByRole("listitem").count()).toBe(1);
  expect(await table.getByRole("columnheader").count()).toBe(2);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).first().click(),
  ]);
  const rows = parse(readFileSync((await download.path())!).toString("utf8"), { bom: true }) as string[][];
  expect(rows.find((r) => r[0] === "Released")).toEqual(["Released", "ISO date", "2006"]);

  // An address naming the game twice, by Steam app id and by its id, compares it once; removing it
  // removes both.
  await page.goto(`${server.url}/compare?ids=steam-990730,${game.id}`);
  await table.getByRole("columnheader", { name: game.name }).waitFor();
  expect(await table.getByRole("columnheader").count()).toBe(2);
  await page.getByRole("button", { name: `Remove ${game.name}` }).click();
  await page.waitForURL((url) => !url.searchParams.get("ids"));
  await page.context().close();
});

test("screener: a filter goes into the URL, survives a reload, and exports every matching row as CSV", async () => {
  const page = await as("premium", "/market");
  const results = page.getByRole("table", { name: "Screener results" });
  await results.waitFor();
  await page.getByLabel("Genre").fill("Strategy");
  await page.getByLabel("Min. reviews").fill("10");
  // The table keeps the previous answer on screen until the filtered one arrives: wait for that one.
  const filtered = page.waitForResponse(
    (r) => r.url().includes("/api/market/screener?") && r.url().includes("genre=Strategy") && r.ok(),
  );
  await page.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(/genre=Strategy/);
  expect(new URL(page.url()).searchParams.get("minReviews")).toBe("10");
  const answer = (await (await filtered).json()) as { total: number };
  const heading = page.getByRole("region", { name: "Games" }).getByRole("heading");
  await expect
    .poll(async () => Number(((await heading.textContent()) ?? "").replace(/\D/g, "")))
    .toBe(answer.total);
  const before = await heading.textContent();
  await page.reload();
  await results.waitFor();
  expect(await page.getByLabel("Genre").inputValue()).toBe("Strategy");
  await expect.poll(() => heading.textContent()).toBe(before);
  const total = Number(before!.replace(/\D/g, ""));
  expect(total).toBeGreaterThan(0);
  // Issue 11 (review 8, item 5): the filter's estimates summed in its market size, with their source.
  const estimates = page
    .getByRole("region", { name: "Market size" })
    .getByRole("region", { name: "Estimated totals" });
  const summary = (await page.evaluate(async () =>
    (await fetch("/api/market/summary?genre=Strategy&minReviews=10")).json(),
  )) as { estimates: { games: number } | null };
  expect(summary.estimates?.games).toBeGreaterThan(0);
  await estimates
    .getByText(
      `${summary.estimates!.games.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} games estimated.`,
    )
    .waitFor();
  await estimates.getByText("Owners (P50, P10–P90)").waitFor();
  await estimates
    .locator("[data-slot='source-note']")
    .getByText(/Estimates per game/)
    .waitFor();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("market-screener_genre=Strategy_minReviews=10.csv");
  const file = readFileSync((await download.path())!);
  // A UTF-8 byte-order mark first, as the client's own exports: Excel reads the names as UTF-8.
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(file.toString("utf8"), { columns: true, bom: true }) as Array<Record<string, string>>;
  expect(rows).toHaveLength(total);
  expect(Object.keys(rows[0]!)[0]).toBe("id");
  expect(Object.keys(rows[0]!)).toContain("price (USD)");
  for (const row of rows) {
    expect(row.genres).toContain("Strategy");
    expect(Number(row["reviews (count)"])).toBeGreaterThanOrEqual(10);
  }
  await page.screenshot({ path: `${SCREENSHOT_DIR}/market-screener.png`, fullPage: true });
  await page.context().close();
});

// Outside tester: the screener showed a sale price ("$7.99") as the price with no note, while the game
// page says "$7.99 (60% off $19.99)". The price cell says the discount as the game page does.
test("screener: a game on sale shows its discount and list price in the price cell", async () => {
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  let game: { id: string; name: string; price: number };
  try {
    const rs = await db.execute(
      "SELECT id, name, price FROM games WHERE price >= 1 AND price < 100 ORDER BY popularity DESC LIMIT 1",
    );
    game = { id: String(rs.rows[0]!.id), name: String(rs.rows[0]!.name), price: Number(rs.rows[0]!.price) };
    await db.execute({
      sql: "UPDATE games SET list_price = ? WHERE id = ?",
      args: [game.price * 2, game.id],
    });
  } finally {
    db.close();
  }
  const page = await as("premium", `/market?q=${encodeURIComponent(game.name)}`);
  const results = page.getByRole("table", { name: "Screener results" });
  // The link reads "<name> Demo" on demo data: the row by its link's address.
  const row = results
    .getByRole("row")
    .filter({ has: page.locator(`a[href="/games/${encodeURIComponent(game.id)}"]`) });
  await row.first().waitFor();
  const cells = await row.first().getByRole("cell").allTextContents();
  const price = `$${game.price.toFixed(2)}`;
  expect(cells).toContain(`${price} (50% off $${(game.price * 2).toFixed(2)})`);
  await page.context().close();
});

// Report r10-b #14: a filter the server refuses is the user's to correct, not a load failure to retry.
test("screener: an impossible range in the address says what to correct, with no Retry, in both cards", async () => {
  const page = await as("premium", "/market?yearFrom=2019&yearTo=2010");
  const size = page.getByRole("region", { name: "Market size" });
  const problem = size.getByTestId("filter-problem");
  await problem.getByText("No market size for this filter").waitFor();
  await problem.getByText("Released to: Must not be before Released from").waitFor();
  await problem.getByText("Correct the filter above and choose Apply.").waitFor();
  expect(await size.getByText(/Could not load/).count()).toBe(0);
  expect(await size.getByRole("button", { name: "Retry" }).count()).toBe(0);
  await page
    .getByRole("region", { name: "Games" })
    .getByText("Released to: Must not be before Released from")
    .waitFor();
  expect(await page.getByLabel("Released to").getAttribute("aria-invalid")).toBe("true");
  // The message under the field names the other field by its label too, not the API's "yearFrom".
  const under = page.locator(`#${await page.getByLabel("Released to").getAttribute("aria-describedby")}`);
  expect(await under.textContent()).toBe("Must not be before Released from");
  // Corrected, the market size comes.
  await page.getByLabel("Released to").fill("2030");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL(/yearTo=2030/);
  await size.getByTestId("market-size").waitFor();
  expect(await problem.count()).toBe(0);
  await page.context().close();
});

// Report r11-b #4: a low-signal estimate is its P10–P90 range marked "low signal", never a plain P50.
test("screener: a low-signal estimate shows its range marked low signal, not a P50", async () => {
  const { context } = await signedInContext(browser, server, { role: "premium" });
  const page = await context.newPage();
  // The first row's estimate made low-signal, as the server marks a game with too little known of it.
  await page.route("**/api/market/screener?*", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { rows: Array<Record<string, unknown>> };
    const row = body.rows.find((r) => r.ownersEstimate != null && r.revenueEstimate != null)!;
    Object.assign(row, {
      name: "Quiet Harbour",
      ownersEstimate: 612_000,
      ownersEstimateRange: { low: 301_000, high: 3_120_000 },
      revenueEstimate: 4_000_000,
      revenueEstimateRange: { low: 2_000_000, high: 20_000_000 },
      estimateLowSignal: true,
    });
    await route.fulfill({ response, json: body });
  });
  await page.goto(`${server.url}/market`);
  const results = page.getByRole("table", { name: "Screener results" });
  const row = results.getByRole("row").filter({ hasText: "Quiet Harbour" });
  await row.waitFor();
  const text = (await row.textContent()) ?? "";
  expect(text).toContain("301K–3.1Mlow signal");
  expect(text).toContain("$2M–$20Mlow signal");
  expect(text).not.toContain("612K");
  await page
    .getByTestId("low-signal-note")
    .getByText(/too little is known of this game for a single figure/)
    .waitFor();
  // The other rows' estimates stay plain P50s.
  expect(await results.getByTestId("low-signal").count()).toBe(2);
  await context.close();
});

// Report r11-b #13: an address past the last page is not "no game matches".
test("screener: a page past the last one says so and offers the last page", async () => {
  const page = await as("premium", "/market?page=99999");
  const games = page.getByRole("region", { name: "Games" });
  await games.getByText("Page 99,999 is past the last page").waitFor();
  expect(await games.getByText("No game matches these filters").count()).toBe(0);
  const answer = (await page.evaluate(async () =>
    (await fetch("/api/market/screener?pageSize=50")).json(),
  )) as { total: number };
  const last = Math.ceil(answer.total / 50);
  await games.getByRole("button", { name: `Go to the last page (${last.toLocaleString("en-US")})` }).click();
  await page.waitForURL((url) => url.searchParams.get("page") === String(last));
  await games.getByRole("table", { name: "Screener results" }).waitFor();
  await games.getByText(`Page ${last.toLocaleString("en-US")} of ${last.toLocaleString("en-US")}`).waitFor();
  await page.context().close();
});

test("a regular user sees what the screener opens, and the server refuses its data", async () => {
  const page = await as("regular", "/market");
  await page.getByText("Market Screener is a Premium feature").waitFor();
  const status = await page.evaluate(async () => (await fetch("/api/market/screener")).status);
  expect(status).toBe(403);
  await page.context().close();
});

/** A game with no player or price series in the demo catalog, for a test to give its own. */
async function bareGame(): Promise<{ id: string; name: string }> {
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    const rs = await db.execute(
      `SELECT id, name FROM games g WHERE price > 0 AND NOT EXISTS (
         SELECT 1 FROM game_metrics m WHERE m.game_id = g.id AND m.metric IN ('players', 'players_peak', 'price'))
       AND id NOT IN (SELECT value FROM json_each(?))
       ORDER BY popularity DESC LIMIT 1`,
      [JSON.stringify(taken)],
    );
    const game = { id: String(rs.rows[0]!.id), name: String(rs.rows[0]!.name) };
    taken.push(game.id);
    return game;
  } finally {
    db.close();
  }
}
const taken: string[] = [];

// Review r21/b, item 3: Stardew Valley's SteamCharts months end Feb 2022 and SteamSpy's one peak is
// May 31, 2023, so 7 d, 30 d, 90 d and 1 y each drew that single dot.
test("range buttons that would draw one dot, or the same as a longer range, are not offered", async () => {
  const game = await bareGame();
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    for (let i = 0; i < 24; i++)
      for (const metric of ["players", "players_peak"])
        await db.execute({
          sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, ?, ?, ?, 'month', 'steamcharts-csv')",
          args: [game.id, metric, Date.UTC(2020, 2 + i, 1), 30_000 + i * 100],
        });
    await db.execute({
      sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'players_peak', ?, 40400, 'day', 'steamspy-csv')",
      args: [game.id, Date.UTC(2023, 4, 31)],
    });
  } finally {
    db.close();
  }
  const page = await as("regular", `/games/${encodeURIComponent(game.id)}?players=30d`);
  await page.getByRole("heading", { name: game.name, level: 1 }).waitFor();
  // The 30 d asked for would draw one dot: the page moves to All, draws the months, and offers no range.
  await page.waitForURL((url) => !url.search.includes("players="));
  await chartDrawn(page, "Players");
  const players = page.getByRole("region", { name: "Players", exact: true });
  await players.getByText(/^Every shorter range would draw the same points as All/).waitFor();
  expect(await players.getByRole("group", { name: "Players range" }).count()).toBe(0);
  expect(await players.locator("path.apexcharts-line").count()).toBeGreaterThanOrEqual(2);
  await page.context().close();
});

// Review r18a, item 1: a price the source gave in GBP read "$5.07" with only the source line.
test("a price converted from GBP says so on the game page and in the screener", async () => {
  const game = await bareGame();
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    await db.execute({
      sql: "UPDATE games SET price = 5.07, list_price = NULL, price_source = 'steam-store-csv' WHERE id = ?",
      args: [game.id],
    });
  } finally {
    db.close();
  }
  const page = await as("premium", `/games/${encodeURIComponent(game.id)}`);
  await page.getByRole("heading", { name: game.name, level: 1 }).waitFor();
  const conversion = "converted from £3.99 at 1.27 USD/GBP, May 2019";
  await page.getByText(`Price: $5.07 · ${conversion}`).waitFor();
  const figures = page.getByLabel("Latest figures");
  expect(await figures.getByText(conversion, { exact: true }).isVisible()).toBe(true);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/game-converted-price.png` });

  await page.goto(`${server.url}/market?q=${encodeURIComponent(game.name)}`);
  const results = page.getByRole("table", { name: "Screener results" });
  const row = results
    .getByRole("row")
    .filter({ has: page.locator(`a[href="/games/${encodeURIComponent(game.id)}"]`) })
    .first();
  await row.waitFor();
  expect(await row.getByRole("cell").allTextContents()).toContainEqual(expect.stringMatching(/^\$5\.07\*/));
  expect(await page.getByTestId("converted-prices-note").textContent()).toContain(
    ": prices converted from GBP at 1.27 USD/GBP, May 2019.",
  );
  await page.context().close();
});

// Review r18a, item 4: a range counted back from a newer source's days dropped the monthly series
// without a word. (A range drawing one dot is no longer offered: review r21/b, item 3.)
test("a players range that leaves out the monthly series says where it ends", async () => {
  const game = await bareGame();
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    const month = (y: number, m: number) => Date.UTC(y, m, 1);
    const rows: Array<[string, number, number, string, string]> = [];
    for (let m = 0; m < 12; m++) {
      rows.push(["players", month(2021, m), 600_000 + m, "month", "steamcharts-csv"]);
      rows.push(["players_peak", month(2021, m), 900_000 + m, "month", "steamcharts-csv"]);
    }
    rows.push(["players_peak", Date.UTC(2023, 4, 30), 1_051_002, "day", "steamspy-csv"]);
    rows.push(["players_peak", Date.UTC(2023, 4, 31), 1_088_407, "day", "steamspy-csv"]);
    for (const [metric, ts, value, period, source] of rows)
      await db.execute({
        sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, ?, ?, ?, ?, ?)",
        args: [game.id, metric, ts, value, period, source],
      });
  } finally {
    db.close();
  }
  const page = await as("regular", `/games/${encodeURIComponent(game.id)}?players=1y`);
  await chartDrawn(page, "Players");
  const players = page.getByRole("region", { name: "Players", exact: true });
  await players
    .getByText("No points of “Average players, monthly · SteamCharts” in this range: they end Dec 2021.")
    .waitFor();
  await players
    .getByText("No points of “Peak players, monthly · SteamCharts” in this range: they end Dec 2021.")
    .waitFor();
  // The one line drawn, in a legend; of 7 d … 1 y, which all draw those two days, only 1 y is offered.
  expect(await players.locator(".apexcharts-legend-text").allTextContents()).toEqual(["Peak players, daily"]);
  expect(
    await players.getByRole("group", { name: "Players range" }).getByRole("button").allTextContents(),
  ).toEqual(["1 y", "All"]);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/game-players-range-notes.png` });
  // The whole range draws the monthly lines and leaves nothing out.
  await players.getByRole("button", { name: "All" }).click();
  await players.locator(".apexcharts-legend-text").nth(2).waitFor();
  expect(await players.getByText(/^No points of/).count()).toBe(0);
  await page.context().close();
});

// Review 20 C, item 10: the Price chart drew a slope from $5.00 (Jul 2023) to $2.99 (Nov 2026), as if the
// price had fallen little by little between two observations. A price holds until it changes: steps.
test("the Price chart draws a price as steps, level until it changes", async () => {
  const game = await bareGame();
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    for (const [ts, value] of [
      [Date.UTC(2023, 6, 1), 5],
      [Date.UTC(2026, 10, 26), 2.99],
    ] as const)
      await db.execute({
        sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, 'price', ?, ?, 'instant', 'steamspy-csv')",
        args: [game.id, ts, value],
      });
  } finally {
    db.close();
  }
  const page = await as("regular", `/games/${encodeURIComponent(game.id)}`);
  await chartDrawn(page, "Price");
  const price = page.getByRole("region", { name: "Price", exact: true });
  const d = await price.locator("path.apexcharts-line").first().getAttribute("d");
  // Level and upright segments only (ApexCharts' H and V), no sloped L between the two prices.
  expect(d).toMatch(/^M [\d.]+ [\d.]+ H [\d.]+ V [\d.]+$/);
  await page.context().close();
});

// Review 20, item 8: one snapshot gave four chart cards of one dot each, with range buttons that
// changed nothing.
test("series of one point show as figures with their date and source; range buttons that change nothing are left out", async () => {
  const game = await bareGame();
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  try {
    await db.execute({
      sql: "DELETE FROM game_metrics WHERE game_id = ? AND metric IN ('reviews_positive', 'reviews_negative', 'owners')",
      args: [game.id],
    });
    const day = (d: number) => Date.UTC(2019, 4, d);
    // The reviews from the snapshot dated by the month only (review r21/b, item 5), the rest from SteamSpy.
    const rows: Array<[string, number, number, string]> = [
      ["reviews_positive", day(1), 9_000, "steam-store-csv"],
      ["reviews_negative", day(1), 1_000, "steam-store-csv"],
      ["owners", day(1), 350_000, "steamspy-csv"],
      // Two prices three days apart: a chart, but every range would show both.
      ["price", day(1), 9.99, "steamspy-csv"],
      ["price", day(4), 4.99, "steamspy-csv"],
    ];
    for (const [metric, ts, value, source] of rows)
      await db.execute({
        sql: "INSERT INTO game_metrics (game_id, metric, ts, value, period, source) VALUES (?, ?, ?, ?, 'instant', ?)",
        args: [game.id, metric, ts, value, source],
      });
  } finally {
    db.close();
  }
  const page = await as("regular", `/games/${encodeURIComponent(game.id)}?reviews=7d`);
  await page.getByRole("heading", { name: game.name, level: 1 }).waitFor();
  const reviews = page.getByRole("region", { name: "Reviews", exact: true });
  await reviews.getByText("9K", { exact: true }).waitFor();
  expect(await reviews.getByText("1K", { exact: true }).isVisible()).toBe(true);
  // The snapshot's figures read as its month, never as the 1st they are stored on; SteamSpy's as its day.
  expect(await reviews.getByText("May 2019", { exact: true }).count()).toBe(2);
  expect(await reviews.getByText("May 1, 2019").count()).toBe(0);
  await reviews
    .getByText(
      "The data holds one point for each of these figures: a chart appears once a source adds another date.",
    )
    .waitFor();
  expect(await reviews.getByText(/^Source: /).count()).toBe(1);
  expect(await reviews.locator(".apexcharts-svg").count()).toBe(0);
  expect(await reviews.getByRole("button", { name: "7 d" }).count()).toBe(0);
  const share = page.getByRole("region", { name: "Positive share of reviews", exact: true });
  await share.getByText("90.0%", { exact: true }).waitFor();
  const owners = page.getByRole("region", { name: "Owners", exact: true });
  await owners
    .getByText("The data holds one point for this figure: a chart appears once a source adds another date.")
    .waitFor();
  expect(await owners.getByText("May 1, 2019", { exact: true }).count()).toBe(1);
  expect(await owners.getByRole("button", { name: "All" }).count()).toBe(0);
  // Review r21/b, item 3: a chart with no points has no range buttons.
  const players = page.getByRole("region", { name: "Players", exact: true });
  await players.getByText("No player history for this game").waitFor();
  expect(await players.getByRole("group", { name: "Players range" }).count()).toBe(0);
  // The figures download as CSV still, with their date.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    reviews.getByRole("button", { name: "Export CSV of Reviews" }).click(),
  ]);
  const rows = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(rows[1]).toEqual([
    "2019-05-01T00:00:00.000Z",
    "9000",
    "1000",
    expect.stringMatching(/\S/),
    expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  ]);
  expect((await reviews.locator("[data-slot='source-note']").textContent()) ?? "").toContain(rows[1]![3]);

  // Two prices 3 days apart: a chart, without range buttons, saying why.
  await chartDrawn(page, "Price");
  const price = page.getByRole("region", { name: "Price", exact: true });
  await price.getByText(/^Every shorter range would draw the same points as All/).waitFor();
  expect(await price.getByRole("group", { name: "Price range" }).count()).toBe(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/game-single-points.png`, fullPage: true });
  // A chart whose points span more keeps them (the players chart of a demo game).
  await page.goto(`${server.url}/games/${top[0]!.id}`);
  await chartDrawn(page, "Players");
  expect(
    await page
      .getByRole("region", { name: "Players", exact: true })
      .getByRole("button", { name: "30 d" })
      .count(),
  ).toBe(1);
  await page.context().close();
});

// Review r29-c #9: the "Latest figures" list had <p> children beside its <dt>/<dd> (a list of terms
// may hold only dt, dd, or divs of them), and the developer's link differed from the words around it
// by colour alone (1.42:1), with no underline until hovered.
test("the game page's figures are a well-formed list of terms and its company links are underlined", async () => {
  const page = await as("regular", `/games/${top[0]!.id}`);
  const figures = page.locator('dl[aria-label="Latest figures"]');
  await figures.locator("dt").first().waitFor();
  const strays = await figures.evaluate((dl) =>
    [...dl.children].flatMap((group) =>
      group.tagName === "DT" || group.tagName === "DD"
        ? []
        : group.tagName !== "DIV"
          ? [group.outerHTML.slice(0, 80)]
          : [...group.children]
              .filter((c) => c.tagName !== "DT" && c.tagName !== "DD")
              .map((c) => c.outerHTML.slice(0, 80)),
    ),
  );
  expect(strays).toEqual([]);
  const company = page.locator('a[href^="/companies/"]').first();
  await company.waitFor();
  expect(await company.evaluate((a) => getComputedStyle(a).textDecorationLine)).toContain("underline");
  await page.context().close();
});
