import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, type Role, signedInContext, startServer, type TestServer } from "./harness.ts";

/**
 * What a screen reader is told when the screen changes: each screen's own title, focus on the new
 * screen's heading after a move (not on the first load, nor when only the query changes).
 */

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

async function as(role: Role, path: string): Promise<Page> {
  const { context } = await signedInContext(browser, server, { role, firstName: "Ada" });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return page;
}

/** The focused element, as its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent?.trim()}`);

test("each screen has its own title; a move by keyboard puts the focus on the new screen's heading, the first load and a new query do not", async () => {
  const page = await as("admin", "/dashboard");
  await page.getByRole("heading", { level: 1, name: "Gaming Analytics Dashboard" }).waitFor();
  await expect.poll(() => page.title()).toBe("Gaming Analytics Dashboard · Gaming Intelligence");
  // The first load leaves the focus where the browser has it.
  expect(await focused(page)).toMatch(/^BODY:/);

  // A sidebar link chosen by keyboard: the new screen's heading has the focus, the tab its name.
  await page.getByTestId("nav-/market").focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(`${server.url}/market`);
  await expect.poll(() => page.title()).toBe("Market Screener · Gaming Intelligence");
  await expect.poll(() => focused(page)).toBe("H1:Market Screener");

  await page.getByTestId("nav-/").focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.title()).toBe("Overview · Gaming Intelligence");
  await expect.poll(() => focused(page)).toBe("H1:Welcome back, Ada");

  await page.getByTestId("nav-/games").focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.title()).toBe("Game Tracking · Gaming Intelligence");
  await expect.poll(() => focused(page)).toBe("H1:Game Tracking");
  // Typing a query changes only the query string: the focus stays in the box.
  const search = page.getByLabel("Search games");
  await search.focus();
  await page.keyboard.type("shadow");
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("shadow");
  await page.getByTestId("game-card").first().waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Search games");

  // A game opened from the results by keyboard: its page is titled with its name, focus on its heading.
  const link = page.getByTestId("game-card").first().getByRole("link").first();
  const name = (await link.textContent())!.trim();
  await link.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/games\/[^/?]+$/);
  await expect.poll(() => page.title()).toBe(`${name} · Gaming Intelligence`);
  await expect.poll(() => focused(page)).toBe(`H1:${name}`);

  // Back: the focus follows to the screen returned to.
  await page.goBack();
  await expect.poll(() => page.title()).toBe("Game Tracking · Gaming Intelligence");
  await expect.poll(() => focused(page)).toBe("H1:Game Tracking");

  // An unknown path, loaded: titled as the 404 reads; first load, so the focus is left alone.
  await page.goto(`${server.url}/no/such/screen`);
  await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
  await expect.poll(() => page.title()).toBe("Page Not Found · Gaming Intelligence");
  expect(await focused(page)).toMatch(/^BODY:/);
  await page.context().close();
});

// Review r29/v #5: at 375 px, a screen chosen in the menu drawer left the focus on "Open menu" (the
// drawer gave it back to its trigger on closing, after the new screen's heading had taken it).
test("at 375 px, a screen chosen in the menu drawer (click or Enter) has the focus on its heading", async () => {
  const { context } = await signedInContext(browser, server, { role: "premium", firstName: "Ada" });
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole("heading", { level: 1, name: "Gaming Analytics Dashboard" }).waitFor();

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog").getByTestId("nav-/historical-analytics").click();
  await page.waitForURL(`${server.url}/historical-analytics`);
  await expect.poll(() => page.title()).toBe("Historical Analytics · Gaming Intelligence");
  await expect.poll(() => focused(page)).toBe("H1:Historical Analytics");
  // And it stays there once the drawer has gone.
  await page.waitForTimeout(300);
  expect(await focused(page)).toBe("H1:Historical Analytics");

  await page.getByRole("button", { name: "Open menu" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").getByTestId("nav-/games").focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.title()).toBe("Game Tracking · Gaming Intelligence");
  await expect.poll(() => focused(page)).toBe("H1:Game Tracking");
  await page.waitForTimeout(300);
  expect(await focused(page)).toBe("H1:Game Tracking");

  // Closed without a choice (Escape), the drawer still gives the focus back to its button.
  await page.getByRole("button", { name: "Open menu" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").waitFor();
  await page.keyboard.press("Escape");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
    .toBe("Open menu");
  await context.close();
});

/** Every text a live region (aria-live, role status or alert) takes, recorded from inside the page. */
async function recordAnnouncements(page: Page) {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { __said: string[] }).__said = said;
    const live = (n: Node | null) =>
      (n instanceof Element ? n : n?.parentElement)?.closest("[aria-live],[role=status],[role=alert]");
    new MutationObserver((records) => {
      const regions = new Set(records.map((r) => live(r.target)).filter(Boolean));
      for (const region of regions) {
        const text = region!.textContent?.trim();
        if (text) said.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __said: string[] }).__said);
}

test("a settled search is announced once: the count found, or that none was (Game Tracking, the Dashboard's search, the Games Database, Compare)", async () => {
  const page = await as("regular", "/games");
  await page.getByRole("heading", { level: 1, name: "Game Tracking" }).waitFor();
  const said = await recordAnnouncements(page);
  const search = page.getByLabel("Search games");
  await search.fill("zzqxqv");
  await page.getByText("Try searching with different keywords").waitFor();
  await expect.poll(said).toContain("No games found for zzqxqv");
  await search.fill("shadow");
  await page.getByTestId("game-card").first().waitFor();
  const found = await page.getByTestId("game-card").count();
  await expect.poll(said).toContain(`${found} games found for shadow`);
  // One message per settled search, nothing while it runs.
  expect((await said()).filter((s) => s.includes("found for"))).toEqual([
    "No games found for zzqxqv",
    `${found} games found for shadow`,
  ]);

  await page.goto(`${server.url}/dashboard?tab=platforms`);
  const said2 = await recordAnnouncements(page);
  const box = page.getByLabel("Search games across platforms");
  await box.fill("zzqxqv");
  await expect.poll(said2).toContain("No games found for zzqxqv");
  await box.fill("shadow");
  const list = page.getByRole("list", { name: "Cross-platform results" });
  await list.getByRole("link").first().waitFor();
  const shown = await list.getByRole("listitem").count();
  await expect.poll(said2).toContain(`${shown} games found for shadow`);

  // The Games Database searches on Enter (from the catalog, without IGDB's keys): the same words.
  await page.goto(`${server.url}/igdb-games`);
  const said3 = await recordAnnouncements(page);
  const field = page.getByLabel("Search the games database", { exact: true }).and(page.getByRole("textbox"));
  await field.fill("zzqxqv");
  await field.press("Enter");
  await expect.poll(said3).toContain("No games found for zzqxqv");
  await field.fill("shadow");
  await field.press("Enter");
  await expect
    .poll(async () => (await said3()).filter((s) => / games? found for shadow$/.test(s)).length)
    .toBe(1);

  // Compare's box to add a game: the same words.
  await page.goto(`${server.url}/compare`);
  const said4 = await recordAnnouncements(page);
  await page.getByLabel("Add a game to compare").fill("zzqxqv");
  await expect.poll(said4).toContain("No games found for zzqxqv");
  await page.context().close();
});

test("the notifications panel is a dialog: opened, it has the focus; Tab stays in it; Escape closes it and the bell has the focus again", async () => {
  const page = await as("regular", "/dashboard");
  await page.getByRole("heading", { level: 1, name: "Gaming Analytics Dashboard" }).waitFor();
  const bell = page.getByTestId("notification-bell");
  await bell.focus();
  await page.keyboard.press("Enter");
  const inPanel = () => page.evaluate(() => !!document.activeElement?.closest("#notifications-panel"));
  await expect.poll(inPanel).toBe(true);
  await page.getByRole("link", { name: "Settings" }).last().waitFor();
  for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await inPanel()).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect.poll(() => page.locator("#notifications-panel").isVisible()).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
    "notification-bell",
  );
  await page.context().close();
});
