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
