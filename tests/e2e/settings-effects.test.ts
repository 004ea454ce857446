import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  launchBrowser,
  SCREENSHOT_DIR,
  serverSql,
  signedInContext,
  startServer,
  type TestServer,
} from "./harness.ts";

/**
 * Report 6 item 16: every setting either takes effect or says on screen why it cannot. Price alerts
 * reach the bell live and, with Push on, the browser's own notifications; language and time zone
 * change how dates read; a public profile is seen by others only while it is on; what this server
 * cannot do (email, data sharing, analytics) is shown off and says why.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sql = (statement: string, args: Array<string | number | null> = []) =>
  serverSql(server, statement, args);

/** A game in the catalog, tracked by the user (as the watchlist's Track button leaves it). */
async function trackedGame(userId: string, name: string, price: number): Promise<string> {
  const id = crypto.randomUUID();
  const slug = name.toLowerCase().replace(/\W+/g, "-");
  await sql("INSERT INTO games (id, slug, name, normalized_name, price) VALUES (?, ?, ?, ?, ?)", [
    id,
    slug,
    name,
    name.toLowerCase(),
    price,
  ]);
  await sql("INSERT INTO user_games (id, user_id, game_id) VALUES (?, ?, ?)", [
    crypto.randomUUID(),
    userId,
    id,
  ]);
  return id;
}

const bell = (page: Page) => page.getByTestId("notification-bell");

test("a tracked game's price change reaches the bell live, and the browser's notifications with Push on", async () => {
  const { context, userId } = await signedInContext(browser, server, { role: "regular" });
  // The browser's Notifications API, recorded: headless Chromium shows nothing on a desktop.
  await context.addInitScript(() => {
    const shown: Array<{ title: string; body?: string }> = [];
    (window as unknown as { __shown: typeof shown }).__shown = shown;
    class RecordedNotification {
      static permission = "default";
      static requestPermission() {
        RecordedNotification.permission = "granted";
        return Promise.resolve("granted");
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
      close() {}
    }
    Object.defineProperty(window, "Notification", { value: RecordedNotification, configurable: true });
  });
  const gameId = await trackedGame(userId, "Bell Test Racer", 19.99);
  const page = await context.newPage();
  await page.goto(`${server.url}/settings?tab=notifications`);

  // What this server cannot do is off, cannot be switched on, and says why.
  const email = page.getByRole("switch", { name: "Email notifications" });
  expect(await email.isDisabled()).toBe(true);
  expect(await email.getAttribute("aria-checked")).toBe("false");
  await page.getByText("It has no mail service, so it sends no email.", { exact: false }).waitFor();

  // Push: turning it on asks the browser, and says what the browser allows.
  await page.getByRole("switch", { name: "Push notifications" }).click();
  await page.getByText("This browser shows them.").waitFor();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Your preferences have been saved successfully.").first().waitFor();
  await page.locator("header").getByText("Live", { exact: true }).waitFor();
  expect(await bell(page).getAttribute("aria-label")).toBe("Notifications");

  // An import or a sync changes the price: the bell counts it without a reload.
  await sql("UPDATE games SET price = 14.99 WHERE id = ?", [gameId]);
  await expect
    .poll(() => bell(page).getAttribute("aria-label"), { timeout: 15_000 })
    .toBe("Notifications, 1 unread");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shown: unknown[] }).__shown), { timeout: 5000 })
    .toEqual([{ title: "Bell Test Racer", body: "Price $19.99 → $14.99" }]);

  // Opening the list shows it as new and marks it read.
  await bell(page).click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  const item = panel.getByTestId("notification");
  await item.getByText("Price alert · new").waitFor();
  expect(await item.getByText("Price $19.99 → $14.99").count()).toBe(1);
  await item
    .getByText(/^Seen by this server [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC$/u)
    .waitFor();
  await expect.poll(() => bell(page).getAttribute("aria-label")).toBe("Notifications");
  await page.screenshot({ path: `${SCREENSHOT_DIR}/notifications-bell.png` });
  await item.getByRole("link", { name: "Bell Test Racer" }).click();
  await page.waitForURL(`${server.url}/games/${gameId}`);
  expect(await panel.isVisible()).toBe(false);

  // With Price alerts off, the next change makes none.
  await page.goto(`${server.url}/settings?tab=notifications`);
  await page.getByRole("switch", { name: "Price alerts" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Your preferences have been saved successfully.").first().waitFor();
  await sql("UPDATE games SET price = 9.99 WHERE id = ?", [gameId]);
  const stored = await sql("SELECT count(*) AS n FROM notifications WHERE user_id = ?", [userId]);
  expect(Number(stored.rows[0]!.n)).toBe(1);
  await context.close();
});

// Review 20 C, item 1: the bell read "$4.99 → $2.99" while the watchlist card beside it kept "$4.99"
// until the next refresh interval (5 minutes by default).
test("a price alert over the socket refreshes the watchlist card and the game's page at once", async () => {
  const { context, userId } = await signedInContext(browser, server, { role: "regular" });
  const gameId = await trackedGame(userId, "Live Price Drifter", 4.99);
  const watchlist = await context.newPage();
  await watchlist.goto(`${server.url}/watchlist`);
  const card = watchlist.getByTestId("game-card").filter({ hasText: "Live Price Drifter" });
  await card.getByText("$4.99", { exact: true }).waitFor();
  const gamePage = await context.newPage();
  await gamePage.goto(`${server.url}/games/${gameId}`);
  await gamePage.getByText("$4.99", { exact: true }).first().waitFor();
  await watchlist.locator("header").getByText("Live", { exact: true }).waitFor();
  await gamePage.locator("header").getByText("Live", { exact: true }).waitFor();

  await sql("UPDATE games SET price = 2.99 WHERE id = ?", [gameId]);
  await expect
    .poll(() => bell(watchlist).getAttribute("aria-label"), { timeout: 15_000 })
    .toBe("Notifications, 1 unread");
  // The same message refetched the card: a few seconds, not the 5-minute refresh interval.
  await card.getByText("$2.99", { exact: true }).waitFor({ timeout: 5000 });
  expect(await card.getByText("$4.99", { exact: true }).count()).toBe(0);
  await gamePage.getByText("$2.99", { exact: true }).first().waitFor({ timeout: 5000 });
  expect(await gamePage.getByText("$4.99", { exact: true }).count()).toBe(0);
  await context.close();
});

test("language and time zone change how dates and times read, and the choice is kept", async () => {
  const { context, userId } = await signedInContext(browser, server, { role: "regular" });
  const gameId = await trackedGame(userId, "Zone Test Runner", 5);
  await sql(
    "INSERT INTO notifications (user_id, game_id, kind, detail, created_at) VALUES (?, ?, 'price', ?, ?)",
    [userId, gameId, JSON.stringify({ from: 5, to: 4 }), Date.UTC(2026, 0, 15, 18, 30)],
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/settings?tab=preferences`);
  await page.getByText("Formats dates and times your language's way", { exact: false }).waitFor();
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "Deutsch" }).click();
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await zone.fill("America/New_Yo");
  await page.getByRole("option", { name: "America/New_York" }).click();
  expect(await zone.inputValue()).toBe("America/New_York");
  // The example reads the choice before it is saved.
  await expect
    .poll(() => page.getByTestId("format-preview").textContent())
    .toMatch(/^A report generated now: \d{1,2}\. \S+ \d{4}, \d{2}:\d{2} (GMT-[45]|EST|EDT)$/u);
  // A zone that is no zone cannot be saved.
  await zone.fill("Mars/Olympus");
  await page.getByText("Pick a time zone from the list", { exact: false }).waitFor();
  expect(await page.getByRole("button", { name: "Save Changes" }).isDisabled()).toBe(true);
  await zone.fill("America/New_York");
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-preferences.png` });
  // By keyboard, with the save held back a moment: the button keeps the focus while it says Saving...
  // and after (review 23: a disabled button dropped it to <body>, and Space then scrolled the page).
  await page.route("**/api/user/settings", async (route) => {
    if (route.request().method() !== "GET") await new Promise((done) => setTimeout(done, 800));
    await route.continue();
  });
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
  await page.getByRole("button", { name: "Save Changes" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(focused).toBe("Saving...");
  await page.getByText("Your preferences have been saved successfully.").first().waitFor();
  await expect.poll(focused).toBe("Save Changes");
  await page.unroute("**/api/user/settings");

  // 18:30 UTC on Jan 15 is 13:30 in New York, written the German way.
  await page.reload();
  await bell(page).click();
  await page
    .getByRole("dialog", { name: "Notifications" })
    .getByText(/^Seen by this server 15\. Jan\. 2026, 13:30 (GMT-5|EST)$/u)
    .waitFor();
  const saved = await page.evaluate(() => fetch("/api/user/settings").then((r) => r.json()));
  expect(saved.preferences).toMatchObject({ language: "de", timezone: "America/New_York" });
  await context.close();
});

test("a public profile is seen by other users only while it is on; data sharing and analytics say why they are off", async () => {
  const owner = await signedInContext(browser, server, {
    role: "regular",
    firstName: "Ada",
    lastName: "Public",
  });
  const viewer = await signedInContext(browser, server, { role: "regular" });
  await trackedGame(owner.userId, "Profile Test Quest", 30);
  const page = await owner.context.newPage();
  await page.goto(`${server.url}/settings?tab=security`);
  for (const name of ["Data sharing", "Analytics tracking"]) {
    const toggle = page.getByRole("switch", { name });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
  }
  await page.getByText("the app runs no analytics", { exact: false }).waitFor();

  const other = await viewer.context.newPage();
  await other.goto(`${server.url}/profiles/${owner.userId}`);
  await other.getByText("No public profile here").waitFor();
  expect(await other.getByText("Ada Public").count()).toBe(0);

  await page.getByRole("switch", { name: "Public profile" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Your preferences have been saved successfully.").first().waitFor();
  await other.reload();
  await other.getByRole("heading", { name: "Ada Public" }).waitFor();
  await other.getByRole("link", { name: "Profile Test Quest" }).waitFor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-security.png` });
  await other.screenshot({ path: `${SCREENSHOT_DIR}/public-profile.png` });
  expect(await other.getByText(owner.email).count()).toBe(0);

  // The owner's own link, from Settings.
  await page.getByRole("link", { name: "Your profile page" }).click();
  await page.getByText("This is your public profile", { exact: false }).waitFor();
  await owner.context.close();
  await viewer.context.close();
});
