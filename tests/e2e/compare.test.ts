import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { GameEstimate } from "../../src/contracts/estimates.ts";
import type { GameDetail } from "../../src/contracts/game-page.ts";
import { compactFigure } from "../../src/ui/estimates-panel/index.ts";
import { serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

/**
 * Compare and the game page with real rows of several sources (report r12-a): Half-Life's reviews
 * from the Steam Store Games snapshot (May 2019) and SteamSpy (2023), BioShock's from SteamSpy only
 * and on sale; Dota 2's players from SteamCharts (Feb 2022) and SteamSpy's daily peak.
 */
let server: TestServer;
let browser: Browser;

const KAGGLE = "Steam Store Games (Kaggle, CC BY 4.0)";
const SPY = "Steam via SteamSpy (dataset)";

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["steam-store-csv", "tests/fixtures/datasets/merge-order/steam_halflife_san_andreas.csv"],
    [
      "steamspy-csv",
      "tests/fixtures/datasets/steamspy/steamspy_top1000_2023_tags.csv",
      "--as-of",
      "2023-06-01",
    ],
    ["steamcharts-csv", "tests/fixtures/datasets/steamcharts/steamcharts_monthly_overlap.csv"],
    // Half-Life's PC row (merged into the Steam game) and PS2 row (an entry of its own): published units.
    ["vgsales-csv", "tests/fixtures/datasets/merge-order/vgsales_bioshock_halflife_san_andreas.csv"],
  ]));
});

afterAll(() => stopAll(browser, server));

async function open(path: string): Promise<Page> {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

async function download(page: Page, button: ReturnType<Page["getByRole"]>): Promise<string[][]> {
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  return parse(readFileSync((await file.path())!, "utf8"), { bom: true }) as string[][];
}

// Report r12-a #4 and #7: the note read "Steam via SteamSpy (dataset) · Jun 2023; Steam Store Games
// (Kaggle, CC BY 4.0); Steam via SteamSpy (dataset) · Jun 2023", and BioShock's line named no source.
test("a Compare chart dates each source once and names the source on every line and CSV column", async () => {
  const page = await open("/compare?ids=steam-7670,steam-70");
  const chart = page.getByRole("region", { name: "Positive reviews", exact: true });
  await chart.locator(".apexcharts-svg").first().waitFor({ timeout: 15_000 });
  const note = await chart.locator('[data-slot="source-note"]').textContent();
  expect(note).toBe(`Source: ${SPY} · Jun 2023; ${KAGGLE} · May 2019`);
  const csv = await download(page, chart.getByRole("button", { name: "Export CSV of Positive reviews" }));
  expect(csv[0]).toEqual([
    "time (ISO 8601)",
    `BioShock · ${SPY} (reviews)`,
    `Half-Life · ${KAGGLE} (reviews)`,
    `Half-Life · ${SPY} (reviews)`,
    "source",
    "as of (ISO 8601)",
  ]);
  // Half-Life's 2019 snapshot row is Kaggle's, dated May 2019; SteamSpy's rows are SteamSpy's.
  const kaggleRow = csv.slice(1).find((r) => r[2] !== "");
  expect(kaggleRow?.slice(4)).toEqual([KAGGLE, expect.stringMatching(/^2019-05/)]);
  for (const row of csv.slice(1).filter((r) => r[2] === "")) expect(row[4]).toBe(SPY);
  await page.context().close();
});

// Report r12-a #8: the table shows "$4.99 (75% off $19.99)", the CSV gave 4.99 alone.
test("Compare's key-figures CSV gives the list price and discount the table shows", async () => {
  const page = await open("/compare?ids=steam-7670,steam-70");
  const table = page.getByRole("table", { name: "Key figures" });
  await table.getByRole("cell", { name: "$4.99 (75% off $19.99)" }).waitFor();
  const csv = await download(page, page.getByRole("button", { name: "Export CSV" }).first());
  expect(csv[0]).toEqual(["figure", "unit", "BioShock", "Half-Life"]);
  const row = (label: string) => csv.find((r) => r[0] === label);
  expect(row("Price")).toEqual(["Price", "USD", "4.99", "9.99"]);
  expect(row("List price (on sale)")).toEqual(["List price (on sale)", "USD", "19.99", ""]);
  expect(row("Discount")).toEqual(["Discount", "%", "75", ""]);
  // The table's "< 20K" for a band with no lower end has its row too; both games here have a figure.
  expect(row("Owners below (a band with no lower end)")).toEqual([
    "Owners below (a band with no lower end)",
    "owners",
    "",
    "",
  ]);
  await page.context().close();
});

// Report r12-a #5: "steam-99999999" took one of the five places and left a real game out.
test("an id not in the catalog is named but takes none of the five places", async () => {
  const ids = ["steam-10", "steam-99999999", "steam-730", "steam-240", "steam-570", "steam-440"];
  const page = await open(`/compare?ids=${ids.join(",")}`);
  await page.getByRole("alert").filter({ hasText: "Not in the catalog: steam-99999999" }).waitFor();
  const table = page.getByRole("table", { name: "Key figures" });
  await table.getByRole("columnheader", { name: "Team Fortress 2" }).waitFor();
  expect(await table.getByRole("columnheader").count()).toBe(6);
  expect(await page.getByText(/left out/).count()).toBe(0);
  // Five games: the add box takes no typing and says why (report r12-a #6).
  const add = page.getByRole("searchbox", { name: "Add a game to compare" });
  await expect.poll(() => add.isDisabled()).toBe(true);
  expect(await add.getAttribute("aria-describedby")).toBe("compare-add-full");
  expect(await page.locator("#compare-add-full").textContent()).toBe(
    "5 games are compared, the most there can be: remove one to add another.",
  );
  // Removing one opens it again; the last game's Remove gone, the focus is in the box (review 23: on <body>).
  await page.getByRole("button", { name: "Remove Team Fortress 2" }).click();
  await expect.poll(() => add.isDisabled()).toBe(false);
  expect(await page.locator("#compare-add-full").count()).toBe(0);
  await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
  // By keyboard, another game's Remove hands the focus to the next game's.
  const removes = page
    .getByRole("list", { name: "Compared games" })
    .getByRole("button", { name: /^Remove / });
  const next = await removes.nth(1).getAttribute("aria-label");
  await removes.first().focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(next);
  // The keyboard picks a suggestion: ArrowDown into the list, Enter adds it (report r15-a #6).
  await add.fill("team fortress");
  const suggestion = page.getByRole("list", { name: "Games to add" }).getByRole("button").first();
  await suggestion.waitFor();
  await add.press("ArrowDown");
  await expect.poll(() => suggestion.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press("Enter");
  await table.getByRole("columnheader", { name: "Team Fortress 2" }).waitFor();
  expect(await add.inputValue()).toBe("");
  // The list closed with the focus in it: it is back in the box, ready for another game (review 23).
  expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.context().close();
});

// Report r12-a #11: "Source: SteamCharts, Steam via SteamSpy (dataset) · Feb 2022" under SteamCharts'
// February average: SteamSpy's figures are of 2023.
// Review r25, item 1: the fifth game added disabled the box with the focus in it, dropping it to <body>.
test("the fifth game added by keyboard: the focus goes to the note that says the box is full", async () => {
  const page = await open("/compare?ids=steam-70,steam-12120,steam-730,steam-570");
  const table = page.getByRole("table", { name: "Key figures" });
  await table.getByRole("columnheader", { name: "Dota 2" }).waitFor();
  const add = page.getByRole("searchbox", { name: "Add a game to compare" });
  await add.fill("team fortress");
  const suggestion = page.getByRole("list", { name: "Games to add" }).getByRole("button").first();
  await suggestion.waitFor();
  await add.press("ArrowDown");
  await expect.poll(() => suggestion.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press("Enter");
  await table.getByRole("columnheader", { name: "Team Fortress 2" }).waitFor();
  await expect.poll(() => add.isDisabled()).toBe(true);
  // On the note the box is described by, so a screen reader reads why; Tab goes on to the games.
  const note = page.locator("#compare-add-full");
  await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await note.textContent()).toBe(
    "5 games are compared, the most there can be: remove one to add another.",
  );
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("[aria-label='Compared games']"))).toBe(
    true,
  );
  await page.context().close();
});

test("the game page's Players card names the source of the count it shows, at its date", async () => {
  const page = await open("/games/steam-570");
  const card = page
    .locator('dl[aria-label="Latest figures"] > div')
    // Feb 2022 is the SteamCharts file's last month, taken part-way through (review r26/a #2).
    .filter({ has: page.getByText("Players (average over part of the month)", { exact: true }) });
  await card.waitFor();
  expect(await card.locator('[data-slot="source-note"]').textContent()).toBe(
    "Source: SteamCharts · Feb 2022 (average over part of the month)",
  );
  await page.context().close();
});

/** CSS colours (oklch, hex, rgba) as `r,g,b`, their opacity left out: run in the page. */
function toRgb(colors: string[]): string[] {
  const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
  return colors.map((c) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = c;
    ctx.globalAlpha = 1;
    ctx.fillStyle = ctx.fillStyle.replace(/^rgba\(([^,]+),([^,]+),([^,]+),[^)]+\)$/, "rgb($1,$2,$3)");
    ctx.fillRect(0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)].join(",");
  });
}

// Outside tester: with five games the charts' ten lines reused the palette's five colours (CS:GO and
// Team Fortress 2 one colour) and the 130 px legend showed five of its entries, squeezing the plot.
test("five compared games: a colour per game, its chip's, a dash per source and every legend entry shown", async () => {
  const games = [
    "Half-Life",
    "Grand Theft Auto: San Andreas",
    "Counter-Strike: Global Offensive",
    "Dota 2",
    "Team Fortress 2",
  ];
  const page = await open("/compare?ids=steam-70,steam-12120,steam-730,steam-570,steam-440");
  const chart = page.getByRole("region", { name: "Positive reviews", exact: true });
  await chart.locator(".apexcharts-svg").first().waitFor({ timeout: 15_000 });
  // Half-Life and San Andreas have a line per source (the 2019 snapshot, SteamSpy), the others SteamSpy's.
  const drawn = await chart.locator(".apexcharts-series path.apexcharts-line").evaluateAll((paths) =>
    paths.map((p) => ({
      stroke: p.getAttribute("stroke")!.toLowerCase(),
      dash: p.getAttribute("stroke-dasharray") ?? "0",
    })),
  );
  expect(drawn).toHaveLength(7);
  const legend = chart.getByRole("list", { name: "Positive reviews legend" });
  const colours: string[] = [];
  for (const game of games) {
    const row = legend.locator(`[data-group="${game}"]`);
    expect(await row.isVisible()).toBe(true);
    const entries = row.locator("[data-series]");
    const names = await entries.evaluateAll((els) => els.map((e) => e.getAttribute("data-series")));
    const twoSources = game === "Half-Life" || game === "Grand Theft Auto: San Andreas";
    expect(names).toEqual(twoSources ? [`${game} · ${KAGGLE}`, `${game} · ${SPY}`] : [`${game} · ${SPY}`]);
    for (const entry of await entries.all()) expect(await entry.isVisible()).toBe(true);
    // The chip's dot in "Compared games" is the colour of the game's lines.
    const chip = page
      .getByRole("list", { name: "Compared games" })
      .getByRole("listitem")
      .filter({ hasText: game });
    colours.push(
      await chip.locator('[data-slot="game-color"]').evaluate((el) => getComputedStyle(el).backgroundColor),
    );
  }
  // The lines come game after game: Half-Life's two, San Andreas' two, then one each.
  const lineGame = [0, 0, 1, 1, 2, 3, 4];
  const strokes = await page.evaluate(
    toRgb,
    drawn.map((d) => d.stroke),
  );
  expect(strokes).toEqual(
    await page.evaluate(
      toRgb,
      lineGame.map((g) => colours[g]!),
    ),
  );
  expect(new Set(colours).size).toBe(5);
  expect(drawn[0]!.dash).not.toBe(drawn[1]!.dash);
  expect(drawn[2]!.dash).not.toBe(drawn[3]!.dash);
  // The legend is not a scroll box, and the plot keeps its height.
  expect(await legend.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  const plot = await chart.locator(".apexcharts-grid").boundingBox();
  expect(plot!.height).toBeGreaterThan(170);
  await page.context().close();
});

// Outside tester (low): Compare showed owners only as the source figure, no estimate. Each game's
// owners, units and revenue estimates are the game page's (`/api/games/:id/estimates`), with their
// model and date, in the table and the CSV; a free game's units and revenue are words, not 0s.
test("Compare shows each game's sales estimates, the game page's, in the table and the CSV", async () => {
  const page = await open("/compare?ids=steam-7670,steam-570");
  const api = async (id: string) => {
    const res = await page.context().request.get(`${server.url}/api/games/${id}/estimates`);
    expect(res.ok()).toBe(true);
    return (await res.json()) as GameEstimate;
  };
  const [bioshock, dota] = [await api("steam-7670"), await api("steam-570")];
  expect(bioshock.covered).toBe(true);
  expect(bioshock.lowSignal).toBe(false);
  expect(dota.inputs.priceUsd).toBe(0);
  const table = page.getByRole("table", { name: "Key figures" });
  const row = (label: string) =>
    table.getByRole("row").filter({ has: page.getByRole("cell", { name: label, exact: true }) });
  await expect
    .poll(() => row("Owners (estimate)").locator("td").allTextContents())
    .toEqual([
      "Owners (estimate)",
      `${compactFigure(bioshock.owners!.mid)} (P10 ${compactFigure(bioshock.owners!.low)} – P90 ${compactFigure(bioshock.owners!.high)})`,
      `${compactFigure(dota.owners!.mid)} (P10 ${compactFigure(dota.owners!.low)} – P90 ${compactFigure(dota.owners!.high)})`,
    ]);
  const gross = bioshock.revenue.gross!;
  expect(await row("Gross revenue (estimate)").locator("td").allTextContents()).toEqual([
    "Gross revenue (estimate)",
    `${compactFigure(gross.mid, true)} (P10 ${compactFigure(gross.low, true)} – P90 ${compactFigure(gross.high, true)})`,
    "not estimated (free to play)",
  ]);
  expect(await row("Units sold (estimate)").locator("td").nth(2).textContent()).toBe("none (free to play)");
  expect(await row("Estimate").locator("td").allTextContents()).toEqual([
    "Estimate",
    `model ${bioshock.modelVersion}`,
    `model ${dota.modelVersion}; free to play: units and revenue not estimated`,
  ]);
  // The estimates name their inputs' source and date under the table.
  const note = page.locator('[data-slot="estimates-note"] [data-slot="source-note"]');
  expect(await note.textContent()).toContain(bioshock.provenance.source.split("; ")[0]!);
  // Each input's source at its own date (review r23-a #10): Dota 2's SteamCharts series ends in
  // Feb 2022, not at its reviews' Jun 2023.
  expect(dota.inputs.playerSeries?.to).toBe("2022-02-01");
  expect(await note.textContent()).toContain("SteamCharts (players) · Feb 2022");
  expect(await note.textContent()).not.toContain("SteamCharts (players) · Jun 2023");

  const csv = await download(page, page.getByRole("button", { name: "Export CSV" }).first());
  const line = (label: string) => csv.find((r) => r[0] === label);
  expect(line("Owners (estimate)")).toEqual([
    "Owners (estimate)",
    "owners, P50",
    String(bioshock.owners!.mid),
    String(dota.owners!.mid),
  ]);
  expect(line("Owners (estimate) P10")).toEqual([
    "Owners (estimate) P10",
    "owners",
    String(bioshock.owners!.low),
    String(dota.owners!.low),
  ]);
  expect(line("Gross revenue (estimate)")).toEqual([
    "Gross revenue (estimate)",
    "USD, P50",
    String(gross.mid),
    "",
  ]);
  expect(line("Net revenue (estimate) P90")).toEqual([
    "Net revenue (estimate) P90",
    "USD",
    String(bioshock.revenue.net!.high),
    "",
  ]);
  expect(line("Estimate model")).toEqual([
    "Estimate model",
    "version",
    bioshock.modelVersion,
    dota.modelVersion,
  ]);
  expect(line("Estimate as of")).toEqual([
    "Estimate as of",
    "ISO 8601",
    bioshock.asOf ?? "",
    dota.asOf ?? "",
  ]);
  await page.context().close();
});

// Report r18-c #8: Compare called SteamCharts' monthly average "Players (latest)", where the cards
// and the game page name it an average over its month.
test("Compare names a monthly players figure as the cards do: an average, with its month", async () => {
  const page = await open("/compare?ids=steam-570,steam-70");
  const table = page.getByRole("table", { name: "Key figures" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "Players", exact: true }) });
  await row.waitFor();
  expect(await row.textContent()).toContain("450.2K avg. players, Feb 2022");
  expect(await table.getByText("Players (latest)").count()).toBe(0);
  await page.context().close();
});

// Review r29-a #5: "7 d" on Compare's Players drew one monthly average per game (a partial month) on a
// 7-day axis. The game page's rule applies: a range drawing the same points as a longer one, or one dot
// per line, is not offered; with only All left there are no buttons, and the chart says why.
test("Compare's charts offer only the ranges the data can fill, by the game page's rule", async () => {
  const page = await open("/compare?ids=steam-570,steam-70&playersRange=7d");
  const chart = page.getByRole("region", { name: "Players", exact: true });
  await chart.locator(".apexcharts-svg").first().waitFor({ timeout: 15_000 });
  // Dota 2's three monthly averages (Dec 2021 – Feb 2022): every shorter range draws one dot or all three.
  await chart.getByText("the range buttons appear once the data spans more", { exact: false }).waitFor();
  expect(await chart.getByRole("button", { name: "7 d" }).count()).toBe(0);
  expect(await chart.getByRole("button", { name: "All" }).count()).toBe(0);
  // The 7 d asked for in the address draws what All draws (it moves there).
  await expect.poll(() => new URL(page.url()).searchParams.get("playersRange")).toBeNull();
  await page.context().close();
});

// Review r31a #6: one SteamCharts average (Half-Life's 583.24 of Feb 2022) read "583.2 avg. players" in
// Compare, "583" on the game page, 583 in the key-figures CSV and 583.24 in the players chart's CSV.
// TOGETHER BnB's Feb 2022 average here is 515.28: whole players on every screen, the source's value in both files.
test("an average of players reads the same on Compare and the game page; both CSVs keep the source's value", async () => {
  const page = await open("/compare?ids=steam-1239020,steam-570");
  const table = page.getByRole("table", { name: "Key figures" });
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "Players", exact: true }) });
  await row.waitFor();
  expect(await row.locator("td").nth(1).textContent()).toMatch(/^515 avg\. players, Feb 2022/);
  const csv = await download(page, page.getByRole("button", { name: "Export CSV" }).first());
  expect(csv.find((r) => r[0] === "Players")?.slice(1)).toEqual(["players", "515.28", "450200.14"]);
  const chart = page.getByRole("region", { name: "Players", exact: true });
  await chart.locator(".apexcharts-svg").first().waitFor({ timeout: 15_000 });
  const series = await download(page, chart.getByRole("button", { name: "Export CSV of Players" }));
  const feb = series.find((r) => r[0]?.startsWith("2022-02-01"));
  expect(feb).toContain("515.28");
  await page.goto(`${server.url}/games/steam-1239020`);
  const tile = page
    .locator('dl[aria-label="Latest figures"] > div')
    .filter({ has: page.getByText(/^Players \(average/) });
  expect(await tile.locator("dd").first().textContent()).toBe("515");
  await page.context().close();
});

// Review r31a #4: Compare gave a console entry "Units sold (estimate): not estimated" and no sales figure
// at all, and Half-Life none of its published 4.12M, while their game pages show the units VGChartz
// published and the sum over the title's entries (4.12M PC + 0.60M PS2). Compare reads the same answer.
test("Compare gives the published units and the title's sum the game pages show, with source and date", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const api = async (id: string) => {
    const res = await context.request.get(`${server.url}/api/games/${id}`);
    expect(res.ok()).toBe(true);
    return (await res.json()) as GameDetail;
  };
  const halfLife = await api("steam-70");
  const ps2 = halfLife.sameTitle?.entries.find((e) => e.platforms.includes("PS2"));
  expect(ps2).toBeDefined();
  const console2 = await api(ps2!.id);
  expect(halfLife.publishedSales?.units).toBe(4_120_000);
  expect(console2.publishedSales?.units).toBe(600_000);
  expect(halfLife.sameTitle?.publishedTotal?.units).toBe(4_720_000);
  const page = await context.newPage();
  await page.goto(`${server.url}/compare?ids=steam-70,${ps2!.id}`);
  const table = page.getByRole("table", { name: "Key figures" });
  const row = (label: string) =>
    table.getByRole("row").filter({ has: page.getByRole("cell", { name: label, exact: true }) });
  await row("Units sold (published)").waitFor();
  expect(await row("Units sold (published)").locator("td").allTextContents()).toEqual([
    "Units sold (published)",
    "4.12M (published, not an estimate)",
    "0.60M (published, not an estimate)",
  ]);
  const summed = "Units sold (published), entries of this title summed";
  expect(await row(summed).locator("td").allTextContents()).toEqual([
    summed,
    "4.72M (published: the sum of 2 entries, this one included)",
    "4.72M (published: the sum of 2 entries, this one included)",
  ]);
  // The estimate stays beside it, with its own words for the console entry.
  await expect
    .poll(() => row("Units sold (estimate)").locator("td").nth(2).textContent())
    .toBe("not estimated (the model does not cover this game)");
  const source = halfLife.publishedSales!.provenance[0]!.source;
  expect(await page.locator('[data-slot="source-note"]').first().textContent()).toContain(source);

  const csv = await download(page, page.getByRole("button", { name: "Export CSV" }).first());
  const line = (label: string) => csv.find((r) => r[0] === label)?.slice(1);
  expect(line("Units sold (published)")).toEqual(["units", "4120000", "600000"]);
  expect(line("Units sold (published), North America")).toEqual(["units", "4030000", "290000"]);
  expect(line("Units sold (published): source")).toEqual(["", source, source]);
  const asOf = halfLife.publishedSales!.provenance[0]!.asOf ?? "";
  expect(line("Units sold (published): as of")).toEqual(["ISO 8601", asOf, asOf]);
  expect(line(summed)).toEqual(["units", "4720000", "4720000"]);
  expect(line(`${summed}: source`)).toEqual(["", source, source]);
  await context.close();
});
