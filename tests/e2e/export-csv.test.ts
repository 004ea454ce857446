import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, signedInContext, startServer, type TestServer } from "./harness.ts";

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

test("Analytics: the Genres table downloads the rows it shows as CSV, units in the header, numbers unformatted", async () => {
  const { context } = await signedInContext(browser, server, { role: "premium" });
  const page = await context.newPage();
  await page.goto(`${server.url}/analytics`);
  const genres = page.getByRole("table", { name: "Genres" });
  await expect.poll(() => genres.getByRole("row").count()).toBeGreaterThan(2);
  const shown = (await genres.getByRole("row").count()) - 1;
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV of Genres" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^genres.*\.csv$/);
  const rows = parse(readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual(["genre", "players (players)", "games (games)", "change (%)", "volatility (0-10)"]);
  expect(rows).toHaveLength(shown + 1);
  for (const row of rows.slice(1)) expect(row[1]).toMatch(/^\d+(\.\d+)?$/);
  await context.close();
});
