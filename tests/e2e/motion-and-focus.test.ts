import type { Browser, Page } from "playwright-core";
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

/** The animations on the page that never end (a ping, a pulse). */
const endless = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY)
      .map((a) => (a.effect as KeyframeEffect | null)?.target?.className ?? "?"),
  );

// Review r29-c #6: with reduced motion asked for, the header's "Live" dot pinged and the dashboard's
// LIVE badge pulsed for ever, and the page still scrolled smoothly.
test("with reduced motion asked for, nothing loops and scrolling jumps", async () => {
  const { context } = await signedInContext(browser, server, { role: "admin" });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  // The connection status is Live once the socket is up: its dot is the ping.
  await page.getByRole("status").getByText("Live", { exact: true }).first().waitFor();
  await page.locator(".animate-ping").first().waitFor({ state: "attached" });
  expect(await endless(page)).toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");

  // Without the preference the same page still moves: the rule is the preference's, not a removal.
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await expect.poll(async () => (await endless(page)).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("smooth");
  await context.close();
});

// Review r29-c #4 (WCAG 2.4.11): at 640×450 (a 1280 px window at 200 %), Shift+Tab scrolled the page
// just far enough to bring the focused control to the top edge, which is under the 56 px sticky header.
test("at 200 % zoom, Shift+Tab never leaves the focused control under the sticky header", async () => {
  const { context } = await signedInContext(browser, server, { role: "admin" });
  const page = await context.newPage();
  await page.setViewportSize({ width: 640, height: 450 });
  await page.goto(`${server.url}/settings`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  // Start from the last control in main, at the bottom of the page, and walk back up.
  await page.evaluate(() => {
    const all = document.querySelectorAll<HTMLElement>(
      "main a[href], main button:not([disabled]), main input:not([disabled]), main [tabindex='0']",
    );
    all[all.length - 1]?.focus();
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  const header = await page.locator("header").first().boundingBox();
  expect(header).not.toBeNull();
  const headerBottom = (header?.y ?? 0) + (header?.height ?? 0);
  const hidden: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Shift+Tab");
    const focused = await page.evaluate(async () => {
      // Measured once the page has stopped scrolling (a smooth scroll takes some frames).
      let last = Number.NaN;
      while (window.scrollY !== last) {
        last = window.scrollY;
        await new Promise((r) => setTimeout(r, 100));
      }
      const el = document.activeElement as HTMLElement | null;
      if (!el?.closest("main")) return null;
      const r = el.getBoundingClientRect();
      const name = el.getAttribute("aria-label") ?? el.textContent ?? el.tagName;
      return { top: r.top, bottom: r.bottom, height: r.height, text: name.trim().slice(0, 40) };
    });
    if (!focused) break;
    // A control that fits below the header must be wholly below it; a taller one (a tab panel)
    // must at least show.
    const fits = focused.height <= 450 - headerBottom;
    if (fits ? focused.top < headerBottom - 1 : focused.bottom <= headerBottom) {
      hidden.push(`${focused.text} at top ${Math.round(focused.top)}`);
    }
  }
  expect(hidden).toEqual([]);
  await context.close();
});
