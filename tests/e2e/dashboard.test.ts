import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
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

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function dashboard(role: Role): Promise<Page> {
  const { context } = await signedInContext(browser, server, { role });
  const page = await context.newPage();
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole("heading", { name: "Gaming Analytics Dashboard" }).waitFor();
  return page;
}

const stat = (page: Page, label: string) =>
  page.getByTestId("dashboard-stats").locator("div").filter({ hasText: label }).first();

interface Exported {
  isDemo: boolean;
  figures: Array<{
    section: string;
    figure: string;
    unit: string;
    value: unknown;
    source: string | null;
    asOf: string | null;
  }>;
}
const figure = (exp: Exported, section: string, name: string) => {
  const found = exp.figures.find((f) => f.section === section && f.figure.startsWith(name));
  expect(found, `${section}: ${name}`).toBeDefined();
  return found!;
};
const compact = (v: number) =>
  new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 }).format(v);

/** A card's own Export CSV, parsed (its header row dropped unless asked for). */
async function cardCsv(page: Page, button: string, withHeader = false): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  const rows = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  return withHeader ? rows : rows.slice(1);
}

test("Dashboard: figures from the catalog and the sources, live figures from the socket, charts", async () => {
  const page = await dashboard("regular");
  await expect.poll(() => stat(page, "Platforms").textContent()).toContain("8");
  await expect.poll(() => stat(page, "Games").textContent()).toContain("2K");
  // Named for what it is: the average daily total of the recorded player counts, not a live sum,
  // dated by its data; Games Tracked says over which days, not "this week" (review 6, item 15).
  await expect
    .poll(() => stat(page, "avg. daily total, 7 days").textContent())
    .toMatch(/across \d+ games, 7 days to [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await page
    .getByText(/^catalog games with player counts in the 7 days of data up to [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
    .waitFor();
  expect(await page.getByText("this week").count()).toBe(0);
  await page.getByText("LIVE", { exact: true }).waitFor();
  // The server publishes analytics_stats every few seconds to subscribers.
  await page.getByText(/^Updated .* the server sends new figures/).waitFor({ timeout: 15_000 });
  expect(await page.getByTestId("realtime-panel").textContent()).toMatch(/Users online\s*[1-9]/);
  // Review 20 C, item 11: the catalog's size read "Games analysed"; it is named for what it is.
  expect(await page.getByTestId("realtime-panel").textContent()).toMatch(/Games in the catalog\s*2K/);
  expect(await page.getByText("Games analysed").count()).toBe(0);
  await page.locator("[data-slot='line-chart']").waitFor();
  await page.locator("[data-slot='donut-chart'], [data-slot='bar-chart']").first().waitFor();
  // Premium cards are locked for a regular user.
  await expect.poll(() => page.getByText("Upgrade to Premium to see AI predictions").isVisible()).toBe(true);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-regular.png`, fullPage: true });

  await page.getByRole("tab", { name: "Multi-Platform" }).click();
  await expect.poll(() => page.getByTestId("system-status").count()).toBe(8);
  // A source's state in the words Admin → System Overview uses for it (only "Available" is the customer's).
  const states = await page.getByTestId("system-status").locator("[data-slot='badge']").allTextContents();
  for (const state of states) {
    expect(["Available", "Not synced yet", "Not configured", "Last sync failed"]).toContain(state);
  }
  await page.getByRole("searchbox", { name: "Search games across platforms" }).fill("co");
  await page.getByText("Type at least 3 characters to search").waitFor();
  await page.getByRole("searchbox", { name: "Search games across platforms" }).fill("cosmic");
  const results = page.getByRole("list", { name: "Cross-platform results" });
  await expect.poll(() => results.locator("li").count()).toBeGreaterThan(0);
  expect(await results.textContent()).toMatch(/Cosmic/i);
  await page.context().close();
});

test("Dashboard tabs: reports to view, the watchlist, premium projections, and an export of the figures", async () => {
  const page = await dashboard("premium");
  await page.evaluate(async () => {
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    await post("/api/analytics/reports", { reportType: "market_overview" });
    await post("/api/analytics/reports", { reportType: "genre_trends" });
    await post("/api/user/games", { gameId: "demo-20261122-1" });
  });

  await page.getByRole("tab", { name: "Analytics" }).click();
  const reports = page.getByTestId("recent-report");
  await expect.poll(() => reports.count()).toBe(2);
  expect(await reports.first().textContent()).toContain("Genre trends report");
  await reports.first().getByRole("button", { name: "View" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Genre trends report" }).waitFor();
  expect(await dialog.getByRole("row").count()).toBeGreaterThan(1);
  await page.keyboard.press("Escape");
  // Focus is back on the View button that opened the report (issue 3).
  await dialog.waitFor({ state: "detached" });
  await expect
    .poll(() =>
      reports
        .first()
        .getByRole("button", { name: "View" })
        .evaluate((el) => el === document.activeElement),
    )
    .toBe(true);
  // Genre players and revenue name their sources (the demo series and Newzoo) and time.
  const analyticsNotes = page
    .getByRole("tabpanel", { name: "Analytics" })
    .locator("[data-slot='source-note']");
  await expect.poll(() => analyticsNotes.count()).toBe(2);
  expect(await analyticsNotes.nth(1).textContent()).toMatch(/^Source: Newzoo · \w{3} \d{4}/);
  // Review r34-a #1: every axis label read "2018 (revised later)" (every year shown is revised) and
  // the values table headed its years "Name". The axis names the years; the table, tooltip and key
  // mark the revised ones.
  const revenueChart = page.locator('figure[aria-label="Revenue bar chart"]');
  await revenueChart.locator(".apexcharts-bar-area").first().waitFor();
  const revenueLabels = (await revenueChart.locator(".apexcharts-xaxis-label").allTextContents()).filter(
    Boolean,
  );
  expect(revenueLabels.length).toBeGreaterThan(0);
  for (const label of revenueLabels) expect(label).toMatch(/^\d{4}$/);
  expect(await revenueChart.locator("[data-slot='chart-values'] thead th").allTextContents()).toEqual([
    "Year",
    "Revenue",
  ]);
  const revenueValues = await revenueChart
    .locator("[data-slot='chart-values'] tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent)));
  expect(revenueValues.find((r) => r[0] === "2023")?.[1]).toBe("$187.7B (revised later)");
  expect(await revenueChart.locator("[data-slot='note-key']").allTextContents()).toEqual([
    expect.stringMatching(/^Revised in a later edition: \d{4}(, \d{4}|–\d{4})*$/),
  ]);
  for (const width of [390, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    // The chart redraws at the new width (and animates) before the picture is taken.
    await page.waitForTimeout(1500);
    await revenueChart.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-revenue-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // Its CSV is the one /analytics and Historical export: each year with its own edition and that
  // edition's date, and the growth's basis, not year, revenue and growth alone (review r28-a #2).
  const [revenueHead, ...revenueRows] = await cardCsv(page, "Export CSV of Global games revenue", true);
  expect(revenueHead).toEqual([
    "year",
    "revenue (billion USD)",
    "growth (%)",
    "growth as stated in",
    "forecast",
    "confidence",
    "revised later",
    "earlier figures",
    "source",
    "as of (ISO 8601)",
  ]);
  const y2023 = revenueRows.find((r) => r[0] === "2023")!;
  expect(y2023[8]).toBe("Newzoo Global Games Market Report 2023");
  expect(y2023[9]).toBe("2023-08-01T00:00:00.000Z");
  expect(y2023[3]).toBe("Newzoo Global Games Market Report 2023");
  expect(new Set(revenueRows.map((r) => r[9])).size).toBe(revenueRows.length);

  await page.getByRole("tab", { name: "Game Tracking" }).click();
  const watchlist = page.getByRole("table", { name: "Your watchlist" });
  await watchlist.waitFor();
  expect(await watchlist.textContent()).toContain("Cosmic Protocol");

  await page.getByRole("tab", { name: "Advanced" }).click();
  await page.getByText("Fastest growing").waitFor();
  expect(await page.getByText("Upgrade to Premium to see growth").count()).toBe(0);
  // Growth names the player series it compares and its time: the players' source (the demo series),
  // not the games' review and price sources (review 6, item 10).
  const growing = page
    .locator("[data-slot='card']")
    .filter({ has: page.locator("[data-slot='card-title']").getByText("Fastest growing", { exact: true }) });
  await growing.locator("[data-slot='source-note']").waitFor();
  expect(await growing.locator("[data-slot='source-note']").textContent()).toMatch(
    /^Source: Demo data \(generated, not real\) · /,
  );

  // The export holds every figure of the screen, each with its source and date, equal to what the
  // screen shows: the Trending total, the live panel, the tabs' cards (not only the top-level queries).
  const trendingCard = page
    .locator("[data-slot='metric-card']")
    .filter({ has: page.getByText("Trending", { exact: true }) });
  const trendingShown = (await trendingCard.locator("p.font-bold").textContent()) ?? "";
  await page.getByRole("tab", { name: "Overview" }).click();
  const trendsCsv = await cardCsv(page, "Export CSV of Player trends");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gaming-intelligence-dashboard-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await download.path())!, "utf8")) as Exported;
  await page.getByText("The figures on this screen were saved as JSON.").first().waitFor();
  expect(exported.isDemo).toBe(true);
  for (const f of exported.figures) {
    expect(Object.keys(f)).toEqual(["section", "figure", "unit", "value", "source", "asOf"]);
    if (f.value != null && f.section !== "Cross-platform players") expect(f.source, f.figure).toBeTruthy();
    // Review r21/b, item 4: no float noise (486.00000000000006).
    if (typeof f.value === "number") expect(String(f.value), f.figure).not.toMatch(/\.\d{7,}/);
  }
  // Review r21/b, item 4: the Players tile names its figure's own source, the one the export gives,
  // not the catalog's beside it; the Games tile names the catalog's.
  const playersFigure = exported.figures.find((f) => f.section.startsWith("Players ("))!;
  const tileNote = (tile: string) => stat(page, tile).locator("[data-slot='source-note']");
  const playersNote = (await tileNote("avg. daily total, 7 days").textContent()) ?? "";
  expect(playersNote.startsWith(`Source: ${playersFigure.source} · `), playersNote).toBe(true);
  // One source, not the catalog's beside it (its method follows, for screen readers, in brackets).
  expect(playersNote.split(" (")[0]).not.toContain(";");
  expect(await tileNote("in the catalog").first().textContent()).toMatch(/^Source: \S/);
  expect(figure(exported, "Platforms", "platforms").value).toBe(8);
  expect(figure(exported, "Games", "games in the catalog").value).toBe(2000);
  const trendingTotal = figure(exported, "Trending", "games with 100+ players growing");
  expect(trendingShown).toBe(compact(trendingTotal.value as number));
  expect(trendingTotal.asOf).toMatch(/^\d{4}-/);
  // Review r27-a #7: the card names the source the export gives, as Market Activity's does.
  expect(await trendingCard.locator("[data-slot='source-note']").textContent()).toMatch(
    new RegExp(`^Source: ${trendingTotal.source!.replace(/[()]/g, "\\$&")} · `),
  );
  expect(figure(exported, "AI Predictions", "projected rising over the next 30 days").value).toBeGreaterThan(
    0,
  );
  const live = figure(exported, "Real-time", "users online");
  expect(live.value).toBeGreaterThan(0);
  expect(live.source).toBe("this server's live counts");
  // The Player trends card's newest point, as its chart and its own CSV give it.
  const [date, players] = trendsCsv.at(-1)!;
  expect(figure(exported, "Player trends", `${date}: players`).value).toBe(Number(players));
  expect(figure(exported, "Recent reports", "Genre trends report").asOf).toMatch(/^\d{4}-/);
  expect(figure(exported, "Your watchlist", "Cosmic Protocol").source).toBeTruthy();
  expect(figure(exported, "Global games revenue", "").source).toMatch(
    /^Newzoo Global Games Market Report \d{4}$/,
  );
  expect(exported.figures.filter((f) => f.section === "Fastest growing")).toHaveLength(8);
  for (const section of [
    "Cross-platform players",
    "Platform distribution",
    "Market by genre",
    "Platform status",
  ])
    expect(
      exported.figures.some((f) => f.section === section),
      section,
    ).toBe(true);

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV", exact: true }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^gaming-intelligence-dashboard-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(readFileSync((await csv.path())!, "utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual(["section", "figure", "unit", "value", "source", "as of (ISO 8601)"]);
  expect(rows).toContainEqual([
    "Games",
    "games in the catalog",
    "games",
    "2000",
    expect.any(String),
    expect.any(String),
  ]);
  expect(rows).toContainEqual([
    "Trending",
    trendingTotal.figure,
    "games",
    String(trendingTotal.value),
    trendingTotal.source,
    trendingTotal.asOf,
  ]);
  await page.context().close();
});

test("on a phone the Dashboard's five tabs sit on one row that scrolls sideways, as on every other screen", async () => {
  const page = await dashboard("regular");
  for (const width of [375, 600]) {
    await page.setViewportSize({ width, height: 812 });
    const list = page.getByRole("tablist");
    const box = await list.evaluate((el) => ({
      height: el.clientHeight,
      scrollHeight: el.scrollHeight,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    // One row: nothing hidden below the strip's 40 px; what does not fit is to the side.
    expect(box.scrollHeight).toBeLessThanOrEqual(box.height);
    const tops = await page
      .getByRole("tab")
      .evaluateAll((tabs) => new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))).size);
    expect(tops).toBe(1);
    if (width === 375) expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    // The last tab can be reached and opened.
    await page.getByRole("tab", { name: "Advanced" }).click();
    await page.getByText("Upgrade to Premium to see growth and volatility projections").waitFor();
    await page.getByRole("tab", { name: "Overview" }).click();
  }
  await page.context().close();
});

test("the Dashboard's export has the figures of tabs not opened yet, and a regular user's no premium ones", async () => {
  const page = await dashboard("regular");
  await page.evaluate(() =>
    fetch("/api/analytics/reports", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reportType: "market_overview" }),
    }),
  );
  await page.getByRole("button", { name: "Export JSON" }).waitFor();
  await expect.poll(() => page.getByRole("button", { name: "Export JSON" }).isEnabled()).toBe(true);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export JSON" }).click(),
  ]);
  const exported = JSON.parse(readFileSync((await download.path())!, "utf8")) as Exported;
  // The Analytics tab was never opened: its report and Newzoo revenue are in the file all the same.
  expect(figure(exported, "Recent reports", "Market overview report").source).toBe("your reports");
  expect(figure(exported, "Global games revenue", "").value).toBeGreaterThan(0);
  const sections = new Set(exported.figures.map((f) => f.section));
  for (const premium of ["AI Predictions", "Market Volatility", "Fastest growing", "Most volatile genres"])
    expect(sections.has(premium), premium).toBe(false);
  await page.context().close();
});

test("a regular user's Advanced tab is locked, and their empty watchlist says so", async () => {
  const page = await dashboard("regular");
  await page.getByRole("tab", { name: "Game Tracking" }).click();
  await page.getByText("No games in your watchlist yet").waitFor();
  await page.getByRole("tab", { name: "Advanced" }).click();
  await page.getByText("Upgrade to Premium to see growth and volatility projections").waitFor();
  await page.context().close();
});

test("a regular user's genre trends report lists the genres by players, without a Volatility column", async () => {
  const page = await dashboard("regular");
  await page.evaluate(() =>
    fetch("/api/analytics/reports", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reportType: "genre_trends" }),
    }),
  );
  await page.getByRole("tab", { name: "Analytics" }).click();
  await page.getByTestId("recent-report").first().getByRole("button", { name: "View" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: "Genre trends report" }).waitFor();
  const table = dialog.getByRole("table", { name: "Genres" });
  await expect.poll(() => table.getByRole("row").count()).toBeGreaterThan(1);
  expect(await table.getByRole("columnheader").allTextContents()).toEqual(["Genres", "Players", "Change"]);
  await dialog.getByText("Genre volatility comes with the Premium plan.").waitFor();
  await page.context().close();
});

test("AI Analytics: each analysis runs on the catalog, shows its results and metadata, and joins the history", async () => {
  const { context } = await signedInContext(browser, server, { role: "premium" });
  const page = await context.newPage();
  await page.goto(`${server.url}/ai-analytics`);
  await page.getByRole("heading", { name: "AI Analytics" }).waitFor();
  await page.getByText("No Analysis Results Yet").waitFor();
  await page.getByText("Real-time connection active").waitFor();

  await page.getByRole("button", { name: "Run Game Analysis" }).click();
  const metadata = page.getByTestId("ai-metadata").first();
  await metadata.waitFor();
  expect(await metadata.textContent()).toMatch(
    /Processing time \d+ ms.*Confidence \d+%.*5 games analysed \(trending games\)/,
  );
  await page.getByText(/last analysis: Game Analysis in \d+ ms/).waitFor();
  // Its provenance: the data its figures come from, at the data's time, not the model or when it ran;
  // who wrote it, and when, is said apart.
  const provenance = page.getByTestId("ai-provenance").first();
  const note = await provenance.locator('[data-slot="source-note"]').textContent();
  expect(note).toMatch(/^Source: /);
  expect(note).not.toMatch(/model|Model/);
  expect(await provenance.getByTestId("ai-written-by").textContent()).toMatch(
    /^Written from the statistics alone \(no language model configured\) · /,
  );

  await page.getByRole("button", { name: "Run Market Insights" }).click();
  await page.getByText("Next quarter:").waitFor();
  await page.getByRole("button", { name: "Run Recommendations" }).click();
  await page
    .getByText(/match$/)
    .first()
    .waitFor();

  await page.getByRole("tab", { name: "AI History" }).click();
  await expect.poll(() => page.getByTestId("ai-history").count()).toBe(3);
  expect(await page.getByTestId("ai-history").first().textContent()).toContain("Recommendations");
  await page.screenshot({ path: `${SCREENSHOT_DIR}/ai-analytics.png`, fullPage: true });
  await context.close();
});

// Review r29-a, finding 9: the empty chat suggested a question the statistics cannot answer, and said
// "Statistics only" only after an answer.
test("Ask the Analyst without a model says so before the first answer and suggests questions it answers", async () => {
  const { context } = await signedInContext(browser, server, { role: "premium" });
  const page = await context.newPage();
  await page.goto(`${server.url}/ai-analytics`);
  await page.getByRole("tab", { name: "Ask the Analyst" }).click();
  const model = page.getByTestId("chat-empty-model");
  await model.waitFor();
  expect(await model.textContent()).toBe("Statistics only (no language model configured)");
  const empty = page.locator('[data-slot="empty-state"]', { hasText: "Ask the analyst" });
  expect(await empty.textContent()).toContain(
    "Without a language model it answers questions that name games (their players, reviews, prices and estimates). For example: “How much revenue did Stardew Valley make?” or “Compare Hades and Dead Cells reviews”.",
  );
  expect(await empty.textContent()).not.toContain("roguelike deckbuilders");
  await context.close();
});

test("a regular user's AI Analytics explains the plan and asks the server nothing", async () => {
  const { context } = await signedInContext(browser, server);
  const page = await context.newPage();
  const aiCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/ai/")) aiCalls.push(r.url());
  });
  await page.goto(`${server.url}/ai-analytics`);
  await page.getByText("AI Analytics is a Premium feature").waitFor();
  await page.waitForLoadState("networkidle");
  expect(aiCalls).toEqual([]);
  await context.close();
});

test("Analytics (Premium): revenue by year, segment and region from the Newzoo table, genres and the most played", async () => {
  const { context } = await signedInContext(browser, server, { role: "premium" });
  const page = await context.newPage();
  await page.goto(`${server.url}/analytics`);
  await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();
  await page.locator("[data-slot='line-chart']").waitFor();
  await page.locator("[data-slot='donut-chart']").waitFor();
  const genres = page.getByRole("table", { name: "Genres" });
  await expect.poll(() => genres.getByRole("row").count()).toBeGreaterThan(5);
  await page.getByText("Regional markets").waitFor();
  // Review r22-b, item 7: at 1280 px "no 2024 figure" ran past the card's edge, and at 390 px the
  // Growth column was out of sight with nothing saying so. The region and growth now wrap, so the
  // table fits its card at both; narrower still (320 px) the scroll hint says what is out of sight.
  const regions = page.getByRole("table", { name: "Regional markets" });
  const regionsBox = regions.locator("xpath=..");
  const regionsHint = page.getByText("Scroll the table sideways for Share and Growth.");
  const regionsFit = () => regionsBox.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  await expect.poll(() => regions.getByRole("row").count()).toBeGreaterThan(3);
  // Review r28-a #4: the restated 2024 figures Newzoo gave are the world total's; the card names them
  // so, in billions of USD, and a region's CSV row says only what is true of the region.
  await page.getByText("the world total for 2024, in billions of USD, since: 184.3").waitFor();
  const regionsCsv = await cardCsv(page, "Export CSV of Regional markets");
  const northAmerica = regionsCsv.find((r) => r[0] === "North America")!;
  expect(northAmerica[4]).toBe(
    "not comparable: 2024: 50.2 billion USD, Newzoo Global Games Market Report 2024; Newzoo restated 2024 since that edition (Q1 2025 methodology change)",
  );
  for (const row of regionsCsv) expect(row.join(","), row[0]).not.toMatch(/184\.3|177\.9|182\.7/);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(regionsFit).toBe(true);
    const edge = (await regionsBox.boundingBox())!;
    const growth = (await regions.getByRole("columnheader", { name: "Growth" }).boundingBox())!;
    expect(growth.x + growth.width, `${width} px`).toBeLessThanOrEqual(edge.x + edge.width + 1);
    expect(await regionsHint.count(), `${width} px`).toBe(0);
  }
  await page.setViewportSize({ width: 320, height: 900 });
  await expect.poll(regionsFit).toBe(false);
  await regionsHint.waitFor();
  expect((await regionsHint.boundingBox())!.y).toBeLessThan((await regions.boundingBox())!.y);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator("[data-slot='bar-chart']").waitFor();
  // Bars carry the games' names, not numbers.
  await expect.poll(() => page.locator("[data-slot='bar-chart']").textContent()).toContain("Cosmic Protocol");
  // Every chart and table names its source: Newzoo for revenue, the player series for genres and games.
  const notes = page.locator("[data-slot='source-note']");
  await expect.poll(() => notes.count()).toBe(5);
  const texts = await notes.allTextContents();
  for (const text of texts.slice(0, 3)) expect(text).toMatch(/^Source: Newzoo · \w{3} \d{4}/);
  for (const text of texts.slice(3)) expect(text).toMatch(/^Source: \S/);
  await page.waitForTimeout(1500); // let the charts finish drawing before the picture
  await page.screenshot({ path: `${SCREENSHOT_DIR}/analytics-premium.png`, fullPage: true });
  await context.close();

  const regular = await signedInContext(browser, server);
  const locked = await regular.context.newPage();
  await locked.goto(`${server.url}/analytics`);
  await locked.getByText("Analytics is a Premium feature").waitFor();
  // Report r31-a #3: the lock names only what Analytics holds back from a regular user (Newzoo's
  // forecasts, genre volatility), not revenue by year, segment and region or the most played games,
  // which Historical Analytics and the games lists give them.
  await locked
    .getByText(
      "Newzoo's revenue forecasts and each genre's volatility come with the Premium plan. Historical Analytics shows the last five reported years of revenue, and each platform's and region's share.",
    )
    .waitFor();
  // biome-ignore lint/performance/useDomNodeTextContent: only text a user can see counts here
  expect(await locked.locator("main").innerText()).not.toMatch(
    /most played|Revenue by year, segment and region, genre/i,
  );
  await regular.context.close();
});

// Review r18c #9: the Free games tile showed the list's cap ("20+") as a count, with no source.
test("Dashboard: the Free games tile counts every free-to-play game, with its source", async () => {
  const page = await dashboard("regular");
  const count = (await (await page.request.get(`${server.url}/api/platforms/free-games/count`)).json()) as {
    catalog: number;
    promotions: number;
  };
  const tile = stat(page, "Free games");
  // The catalog's count is the figure; the stores' promotions are named beside it, not added in, as
  // a store's always-free title may be a catalog game too (review 19, item 19).
  await expect.poll(() => tile.textContent()).toContain(count.catalog.toLocaleString("en-US"));
  const text = (await tile.textContent()) ?? "";
  expect(text).toMatch(/free-to-play games in the catalog/);
  if (count.promotions > 0) expect(text).toMatch(/store promotions? running/);
  expect(text).not.toMatch(/\d\+/);
  await tile.locator("[data-slot='source-note']").waitFor();
  expect(await tile.locator("[data-slot='source-note']").textContent()).toMatch(/^Source: /);
  await page.context().close();
});
