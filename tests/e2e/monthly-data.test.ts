import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { GROWTH_ORDER_NOTE, TRENDING_ORDER_NOTE } from "../../src/contracts/games.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import {
  importDataset,
  type Role,
  serverWithData,
  signedInContext,
  stopAll,
  type TestServer,
} from "./harness.ts";

/**
 * Review 6, item 15: a catalog whose player figures are SteamCharts' monthly averages (the newest
 * February 2022) is described as such — its month, its measure — and never as this week's players,
 * a day's count or a projection of 0 games.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["steamcharts-csv", "tests/fixtures/datasets/steamcharts/steamcharts_monthly_top1000_2022-02.csv"],
  ]));
}, 180_000);

afterAll(() => stopAll(browser, server));

async function as(role: Role, path: string): Promise<Page> {
  const { context } = await signedInContext(browser, server, { role });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

test("Overview: trending cards name the month of an average, and no projection reads as none", async () => {
  const page = await as("premium", "/");
  const cards = page.getByTestId("game-card");
  await cards.first().waitFor();
  // "48.6K avg. players, Feb 2022", not "48.6K players, Feb 1, 2022".
  expect(await cards.first().textContent()).toMatch(/\d(\.\d)?[KM]? avg\. players, Feb 2022/);
  expect(await cards.first().textContent()).not.toMatch(/players, Feb 1, 2022/);
  // Feb 2022 is the SteamCharts file's last month, taken part-way through (review r26/a #2).
  await page
    .getByText("Average players in Feb 2022 (partial month) of the trending games (monthly figures).")
    .waitFor();
  // AI Predictions: no game has daily counts to project, and the card says so rather than "0 rising".
  // Every player figure the catalog holds, with its source and date (review r23-a #6).
  await page
    .getByText(
      /^No projection possible: .* player figures are monthly averages \(SteamCharts to Feb 2022\), no daily counts\.$/,
    )
    .waitFor();
  // Market Intelligence and the Market Analysis action name no window of their own: the genres' source
  // note gives theirs (monthly, to Feb 2022), not "weekly" or "90 days" (review r34-b #1).
  await page.getByText("Volatility by genre (0–10), from the players over the window named below.").waitFor();
  expect(await page.getByText(/from weekly player totals|over the latest 90 days of data/).count()).toBe(0);
  // Each card its own source line: Market Activity's method under Market Activity, and Market
  // Volatility's own (it read as Market Activity's, set under the grid beside it).
  const card = (title: string) => page.locator("[data-slot='metric-card']").filter({ hasText: title });
  await expect
    .poll(() => card("Market Activity").locator("[data-slot='source-note']").textContent())
    .toMatch(/^Source: SteamCharts · Feb 2022 \(total of the games' average players in 2022-02/);
  await expect
    .poll(() => card("Market Volatility").locator("[data-slot='source-note']").textContent())
    .toMatch(/^Source: SteamCharts · Feb 2022 \(no genre scored: /);
  // Review r27-a #7: the Trending count its source, month and rule (100+ players), as the others.
  await card("Trending Games")
    .getByText("games with 100+ players growing against their previous period")
    .waitFor();
  await expect
    .poll(() => card("Trending Games").locator("[data-slot='source-note']").textContent())
    .toMatch(
      /^Source: SteamCharts · Feb 2022 \(games with at least 100 players whose average over their latest period \(a month\) grew against the period before; the latest month is partial\)$/,
    );
  expect(await page.getByText(/\b0 rising/).count()).toBe(0);
  expect(await page.getByText(/of 0 games projected/).count()).toBe(0);
  await page.context().close();
});

test("Dashboard: Games Tracked and Player trends say their month, not this week or days", async () => {
  const page = await as("premium", "/dashboard");
  await page.getByRole("heading", { name: "Gaming Analytics Dashboard" }).waitFor();
  await page
    .getByText(
      "catalog games with a monthly player average for Feb 2022 (partial month) (the newest month of data)",
    )
    .waitFor();
  expect(await page.getByText("this week").count()).toBe(0);
  await page
    .getByText(/^Players across the catalog per month \(monthly figures only\), .* – Feb 2022/)
    .waitFor();
  expect(await page.getByText("Players across the catalog per day").count()).toBe(0);
  const tile = page
    .getByTestId("dashboard-stats")
    .locator("div")
    .filter({ hasText: "total of monthly averages" });
  await expect.poll(() => tile.first().textContent()).toMatch(/across [\d,]+ games, Feb 2022/);
  // The tiles name their sources (review 12, item 10): the players figure its own, SteamCharts in its
  // month, and only that (review r21/b, item 4: one note under all tiles added the catalog's to it).
  const note = tile.first().locator("[data-slot='source-note']");
  await expect.poll(() => note.textContent()).toMatch(/^Source: SteamCharts · Feb 2022 \(total/);
  await page.context().close();
});

// Outside tester: at 1366 px the report's "Compares" column read "…latest month vs. the month" on every
// row, "before" clipped with no ellipsis or scroll. The cell wraps; at 375 px the table scrolls sideways.
test("the report's Compares column is readable in full at 1366 px and at 375 px", async () => {
  const page = await as("premium", "/");
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole("button", { name: "Generate Report" }).click();
  const report = page.getByRole("dialog", { name: "Market overview report" });
  await report.getByRole("columnheader", { name: "Compares" }).waitFor();
  // Each Compares cell: its text, whether it overflows its own box, whether it lies inside the dialog,
  // and whether its table can scroll sideways to it.
  const cells = () =>
    report.evaluate((dialog) => {
      const table = dialog.querySelector("table")!;
      const column = [...table.querySelectorAll("th")].findIndex((th) => th.textContent === "Compares");
      const container = table.parentElement!;
      const scrolls =
        container.scrollWidth > container.clientWidth && getComputedStyle(container).overflowX === "auto";
      const inner = dialog.getBoundingClientRect();
      const containerBox = container.getBoundingClientRect();
      return [...table.querySelectorAll("tbody tr")].map((tr) => {
        const td = tr.children[column] as HTMLElement;
        const box = td.getBoundingClientRect();
        return {
          text: td.textContent,
          overflows: td.scrollWidth > td.clientWidth + 1,
          inside: box.right <= inner.right + 0.5,
          reachable: scrolls && containerBox.right <= inner.right + 0.5,
        };
      });
    });
  const wide = await cells();
  expect(wide.length).toBeGreaterThan(0);
  for (const cell of wide)
    expect(cell).toMatchObject({
      text: "avg. players, latest month (partial) vs. the month before",
      overflows: false,
      inside: true,
    });
  await page.setViewportSize({ width: 375, height: 812 });
  for (const cell of await cells()) {
    expect(cell).toMatchObject({
      text: "avg. players, latest month (partial) vs. the month before",
      overflows: false,
    });
    expect(cell.inside || cell.reachable).toBe(true);
  }
  await page.keyboard.press("Escape");
  await page.context().close();
});

// Outside tester: the Overview ("fastest-growing") and the report's "Top trending" listed Path of Exile
// +486%, Dread Hunger +1145%, … (trending's order: growth weighted by players), while Dashboard →
// Advanced sorts by growth alone. Each list says what its order is; the Overview no longer says fastest-growing.
test("each trending list says what it is ordered by: growth weighted by players, or growth alone", async () => {
  const page = await as("premium", "/");
  await page.getByTestId("game-card").first().waitFor();
  const notes = page.locator('[data-slot="order-note"]');
  await expect.poll(() => notes.allTextContents()).toEqual([TRENDING_ORDER_NOTE, TRENDING_ORDER_NOTE]);
  expect(await page.getByText(/fastest-growing/).count()).toBe(0);
  // The report's Top trending: the same order, said under its table.
  await page.getByRole("button", { name: "Generate Report" }).click();
  const report = page.getByRole("dialog", { name: "Market overview report" });
  await report.getByRole("columnheader", { name: "Top trending" }).waitFor();
  // Review 20 C, item 10: monthly averages are the whole month's, "up to Feb 2022", not "Feb 1, 2022".
  await report.getByText(/^Generated .* from data up to Feb 2022\.$/).waitFor();
  expect(await report.locator('[data-slot="order-note"]').textContent()).toBe(TRENDING_ORDER_NOTE);
  await page.keyboard.press("Escape");

  await page.goto(`${server.url}/dashboard`);
  await page.getByRole("tab", { name: "Advanced" }).click();
  const growing = page
    .locator("[data-slot='card']")
    .filter({ has: page.locator("[data-slot='card-title']").getByText("Fastest growing", { exact: true }) });
  await growing.locator('[data-slot="order-note"]').waitFor();
  expect(await growing.locator('[data-slot="order-note"]').textContent()).toBe(GROWTH_ORDER_NOTE);
  // And it is: growth, highest first.
  const growth = (await growing.locator("tbody tr td:nth-child(2) span.font-medium").allTextContents()).map(
    (t) => Number.parseFloat(t.replace(/[^\d.-]/g, "")),
  );
  expect(growth.length).toBeGreaterThan(1);
  expect(growth).toEqual([...growth].sort((a, b) => b - a));
  // Review 20 C, item 5: at 1280 px the table was 847 px in a 430 px box and Growth read "+556" under
  // "Grow". Every column is in sight, Growth in full with what it compares.
  const table = growing.getByRole("table");
  const sight = await table.evaluate((el) => {
    const box = el.parentElement!.getBoundingClientRect();
    return {
      headers: [...el.querySelectorAll("th")].map((th) => ({
        name: th.textContent,
        inSight: th.getBoundingClientRect().right <= box.right + 0.5,
      })),
      clipped: [...el.querySelectorAll("td")].filter((td) => td.scrollWidth > td.clientWidth + 1).length,
    };
  });
  expect(page.viewportSize()?.width).toBe(1280);
  expect(sight).toEqual({
    headers: ["Game", "Growth", "Players"].map((name) => ({ name, inSight: true })),
    clipped: 0,
  });
  await growing
    .getByTestId("growth-compares")
    .first()
    .getByText("vs. the month before", { exact: false })
    .waitFor();
  await page.context().close();
});

// Review 20 C, item 11: Analytics' "Most played" said "the most current players" over Feb 2022 averages.
test("Analytics' Most played says its bars are Feb 2022 monthly averages, not current players", async () => {
  const page = await as("premium", "/analytics");
  await page
    .getByText("Games ranked by their newest player figure: the monthly average of players, Feb 2022.")
    .waitFor();
  expect(await page.getByText(/most current players/).count()).toBe(0);
  // Genres: monthly figures of 2022, so nothing reads "now" or "the last 90 days" (review r34-b #1).
  await page
    .getByText(
      "Players at the end of the window named under the table, their change over it, and volatility (0–10).",
    )
    .waitFor();
  expect(await page.getByText(/Players now|last 90 days/).count()).toBe(0);
  // Its CSV says what each figure is (review r24 #1).
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV of Most played" }).click(),
  ]);
  const rows = parse(readFileSync((await csv.path())!, "utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual(["game", "players", "players period", "source", "as of (ISO 8601)"]);
  expect(rows.length).toBeGreaterThan(1);
  expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set(["partial month (average)"]));
  // Each figure names its source beside its date (review r27-a, item 6).
  expect(rows.slice(1).every((r) => r[3] !== "" && r[4] !== "")).toBe(true);
  await page.context().close();
});

// Review 8, item 3: one game's newer month, imported last (this test runs after the others). Its
// change is that game's own against its February, and the month says it is partial: not "-56.5%"
// of one game's March against every game's February.
test("Overview and Dashboard: a newest month only one game has is compared over that game and marked partial", async () => {
  const file = join(tempDir("gi-e2e-march-"), "steamcharts.csv");
  writeFileSync(
    file,
    "Month,Avg. Players,Gain,% Gain,Peak Players,App ID,Game\nMarch 2022,750000,-,-,1400000,1599340,Lost Ark\n",
  );
  importDataset(server, "steamcharts-csv", file);
  const page = await as("premium", "/");
  // Lost Ark: 750,000 against its own 699,094.08 of February, +7.3 %.
  const hint = page.locator("p").filter({ hasText: "total of monthly averages, Mar 2022" });
  await expect
    .poll(() => hint.first().textContent())
    .toBe(
      "+7.3% total of monthly averages, Mar 2022 (partial month), across 1 game, vs the month before; Mar 2022 is partial: 1 game has its figures, 6 had Feb 2022's",
    );
  // Review 9, item 3: the report it generates says the same, not "average daily players … week on week".
  await page.getByRole("button", { name: "Generate Report" }).click();
  const report = page.getByRole("dialog", { name: "Market overview report" });
  await expect
    .poll(() => report.getByTestId("report-market-activity").textContent())
    .toMatch(
      /^[\d.]+K players \(\+7\.3%\): total of monthly averages, Mar 2022 \(partial month\), across 1 game, vs the month before; Mar 2022 is partial: 1 game has its figures, 6 had Feb 2022's\.$/,
    );
  expect(await report.getByText(/average daily|week on week/).count()).toBe(0);
  await page.goto(`${server.url}/dashboard`);
  const tile = page
    .getByTestId("dashboard-stats")
    .locator("div")
    .filter({ hasText: "total of monthly averages" });
  await expect
    .poll(() => tile.first().textContent())
    .toMatch(/across 1 game, Mar 2022 \(partial month\); Mar 2022 is partial/);
  // Review 9, item 4: Player trends marks March partial, in its caption and on its point.
  await page
    .getByText(
      /Mar 2022 \(partial month\) \(\d months\)\. Mar 2022 is partial: 1 game has its figures, 6 had Feb 2022's\. Each month totals the games with figures that month \(.*Feb 2022: 6, Mar 2022: 1\), so the line also moves as games enter or leave the data; the Overview's Market Activity change compares only the games with figures in both periods\.$/,
    )
    .waitFor();
  await expect
    .poll(() => page.locator(".apexcharts-xaxis-label").allTextContents())
    .toContainEqual(expect.stringContaining("Mar 2022 (partial month) (partial: 1 of 6 games)"));
  // The figures' CSV names the partial month on the players row.
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV", exact: true }).click(),
  ]);
  const rows = parse(readFileSync((await csv.path())!, "utf8"), { bom: true }) as string[][];
  expect(rows).toContainEqual([
    "Players (total of monthly averages)",
    "players, total of the games' monthly averages (Mar 2022 is partial: 1 game has its figures, 6 had Feb 2022's)",
    "players",
    expect.any(String),
    expect.stringMatching(/\S/),
    "2022-03-01T00:00:00.000Z",
  ]);
  await page.context().close();
});
