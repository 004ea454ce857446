import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, signedInContext, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("a chosen tab lives in the URL: Back returns to the previous tab and a reload keeps it", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();

  // Historical: choose two tabs in turn, Back, reload.
  await page.goto(`${server.url}/historical-analytics`);
  await page.getByRole("tab", { name: "Historical Data" }).click();
  await page.getByRole("tab", { name: "Market Trends" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("market");
  await page.goBack();
  await page.getByRole("tab", { name: "Historical Data", selected: true }).waitFor();
  await page.reload();
  await page.getByRole("tab", { name: "Historical Data", selected: true }).waitFor();
  expect(new URL(page.url()).searchParams.get("tab")).toBe("historical");

  // Settings: the same on a second screen.
  await page.goto(`${server.url}/settings`);
  await page.getByRole("tab", { name: "Preferences" }).click();
  await page.getByRole("tab", { name: "Security" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("security");
  await page.goBack();
  await page.getByRole("tab", { name: "Preferences", selected: true }).waitFor();
  await page.reload();
  await page.getByRole("tab", { name: "Preferences", selected: true }).waitFor();
  await context.close();
});

// Review r33-a #4: an unknown `tab` (a mistyped or out-of-date bookmark) opens the screen's first tab,
// selected and drawn, instead of a tab bar with nothing selected over a blank page.
test("an unknown tab in the URL opens the screen's default tab", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  for (const [path, tab] of [
    ["/historical-analytics?tab=trends", "Gaming Datasets"],
    ["/settings?tab=bogus", "Profile"],
    ["/igdb-games?tab=bogus", "Trending"],
    ["/dashboard?tab=bogus", "Overview"],
    ["/games?tab=bogus", /^My Watchlist/],
  ] as const) {
    await page.goto(`${server.url}${path}`);
    await page.getByRole("tab", { name: tab, selected: true }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole("tabpanel").count(), path).toBe(1);
  }
  await context.close();
});

// Review r33-a #3: a Game Tracking search adds one history entry, as Games Database's does, so Back
// returns to the view before the search (it replaced that entry, and Back left the screen).
test("a Game Tracking search adds a history entry: Back returns to the view before it", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/dashboard`);
  await page.goto(`${server.url}/games`);
  await page.getByRole("tab", { name: /^My Watchlist/, selected: true }).waitFor();
  const before = await page.evaluate(() => history.length);
  const box = page.getByRole("searchbox", { name: "Search games" });
  await box.pressSequentially("stardew");
  await box.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("stardew");
  await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("search");
  // One entry for the search, not one per keystroke.
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe("/games");
  await page.getByRole("tab", { name: /^My Watchlist/, selected: true }).waitFor();
  await context.close();
});
