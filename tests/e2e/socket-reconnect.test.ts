import { mkdirSync } from "node:fs";
import type { Browser, WebSocketRoute } from "playwright-core";
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
 * Outside testers: after the socket came back, an alert made while it was down never reached the
 * bell until a reload, and the Dashboard's Real-time panel read "updated just now" throughout the
 * outage. On a reconnect the app fetches again what the socket may have missed; while the
 * connection is lost the panel says so and dates its figures.
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

test("an alert made while the socket was down reaches the bell on reconnect; the Real-time panel says the connection is lost", async () => {
  const { context, userId } = await signedInContext(browser, server, { role: "regular" });
  const gameId = crypto.randomUUID();
  await sql("INSERT INTO games (id, slug, name, normalized_name, price) VALUES (?, ?, ?, ?, ?)", [
    gameId,
    "outage-racer",
    "Outage Racer",
    "outage racer",
    19.99,
  ]);
  await sql("INSERT INTO user_games (id, user_id, game_id) VALUES (?, ?, ?)", [
    crypto.randomUUID(),
    userId,
    gameId,
  ]);
  const page = await context.newPage();
  // Every socket goes through here, so the test can drop the live one as a network outage would.
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    open.push(ws);
    ws.connectToServer();
  });
  await page.goto(`${server.url}/dashboard`);
  await page.locator("header").getByText("Live", { exact: true }).waitFor();
  const panel = page.locator("[data-slot='card']").filter({
    has: page.locator("[data-slot='card-title']").getByText("Real-time", { exact: true }),
  });
  await panel.getByText(/^Updated /).waitFor({ timeout: 15_000 });
  const bell = page.getByTestId("notification-bell");
  expect(await bell.getAttribute("aria-label")).toBe("Notifications");

  // The connection drops; a sync changes the tracked game's price meanwhile.
  await open.at(-1)!.close({ code: 1011, reason: "outage" });
  await sql("UPDATE games SET price = 14.99 WHERE id = ?", [gameId]);
  await page.locator("header").getByText("Reconnecting…", { exact: true }).waitFor();
  await panel.getByText(/^Connection lost — figures as of \d{1,2}:\d{2}:\d{2}/).waitFor();
  expect(await panel.getByText(/^Updated /).count()).toBe(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/realtime-connection-lost.png` });

  // Back (the client retries after 3 s): the bell shows the alert without a reload.
  await page.locator("header").getByText("Live", { exact: true }).waitFor({ timeout: 15_000 });
  await expect
    .poll(() => bell.getAttribute("aria-label"), { timeout: 10_000 })
    .toBe("Notifications, 1 unread");
  await panel.getByText(/^Updated /).waitFor({ timeout: 15_000 });
  await context.close();
});
