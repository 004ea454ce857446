import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Platform } from "../../src/contracts/settings-options.ts";
import {
  launchBrowser,
  SCREENSHOT_DIR,
  serverSql,
  signedInContext,
  startServer,
  type TestServer,
} from "./harness.ts";

// Settings → Gaming → Platforms takes effect on the Dashboard's Multi-Platform tab: the free games are
// those of the user's stores unless every store's are asked for, and the status list marks them.

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
  // The demo catalog's free-to-play games record no store; one running promotion of each store.
  const now = Date.now();
  for (const [store, title] of [
    ["Epic", "Epic Test Giveaway"],
    ["GOG", "GOG Test Giveaway"],
  ] as const) {
    await serverSql(
      server,
      "INSERT INTO store_offers (key, store, title, free, url, ends_at, fetched_at) VALUES (?, ?, ?, 1, ?, NULL, ?)",
      [`${store}:test`, store, title, `https://example.com/${store}`, now],
    );
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A regular user whose Settings → Gaming → Platforms are `platforms`, on the Multi-Platform tab. */
async function multiPlatform(platforms: Platform[]): Promise<Page> {
  const { context } = await signedInContext(browser, server);
  const page = await context.newPage();
  await page.goto(`${server.url}/settings?tab=gaming`);
  const saved = await page.evaluate(async (platforms) => {
    const response = await fetch("/api/user/settings", {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ gaming: { platforms } }),
    });
    return response.status;
  }, platforms);
  expect(saved).toBe(200);
  await page.goto(`${server.url}/dashboard?tab=platforms`);
  return page;
}

/** The Dashboard's JSON export: the list rows of its free games, as [section, figure]. */
async function exportedFreeGames(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export JSON" }).click(),
  ]);
  const { figures } = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
    figures: Array<{ section: string; figure: string; unit: string }>;
  };
  return figures
    .filter((f) => f.section.startsWith("Free games") && f.unit === "price (USD)")
    .map((f) => [f.section, f.figure]);
}

const freeCard = (page: Page) =>
  page.locator("[data-slot='card']").filter({
    has: page.locator("[data-slot='card-title']").getByText("Free games", { exact: true }),
  });
const freeStores = async (page: Page) =>
  (
    await freeCard(page).getByRole("list", { name: "Free games" }).getByRole("listitem").allTextContents()
  ).map((row) => row.replace(/^.*?(Epic|GOG|Steam|Catalog)( · until .*)?$/, "$1"));

test("a user whose platform is GOG sees GOG's free games, and every store's on request", async () => {
  const page = await multiPlatform(["gog"]);
  const card = freeCard(page);
  const line = card.getByTestId("free-games-stores");
  await expect
    .poll(() => line.textContent())
    .toBe(
      "Showing your stores' offers only: GOG. Your stores are chosen in Settings → Gaming → Platforms. Show every store's offers",
    );
  expect(await line.getByRole("link", { name: "Settings → Gaming → Platforms" }).getAttribute("href")).toBe(
    "/settings?tab=gaming",
  );
  await expect.poll(() => freeStores(page)).toEqual(["GOG"]);
  expect(await card.getByText("GOG Test Giveaway").count()).toBe(1);
  expect(await card.getByText("Epic Test Giveaway").count()).toBe(0);
  // The status list marks GOG alone.
  const mine = page.getByTestId("system-status").filter({ hasText: "Your platform" });
  await expect.poll(() => mine.count()).toBe(1);
  expect(await mine.locator("p").first().textContent()).toBe("GOGYour platform");
  expect(await page.getByTestId("your-platforms").textContent()).toBe(
    "Your platforms: GOG, chosen in Settings → Gaming → Platforms.",
  );
  await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-platforms-gog.png`, fullPage: true });
  // The export holds the free games the card shows, and says whose.
  expect(await exportedFreeGames(page)).toEqual([
    ["Free games (your stores: GOG)", "GOG Test Giveaway (GOG)"],
  ]);

  // Every store's: the Epic promotion and the catalog's free-to-play games join, and the address keeps it.
  await line.getByRole("button", { name: "Show every store's offers" }).click();
  await expect.poll(() => freeStores(page)).toEqual(expect.arrayContaining(["Epic", "GOG", "Catalog"]));
  expect(new URL(page.url()).searchParams.get("stores")).toBe("all");
  const every = await exportedFreeGames(page);
  expect(every).toContainEqual(["Free games", "Epic Test Giveaway (Epic)"]);
  expect(every).toContainEqual(["Free games", "GOG Test Giveaway (GOG)"]);
  expect(await line.textContent()).toBe(
    "Showing every store's offers; yours are GOG. Your stores are chosen in Settings → Gaming → Platforms. Show only my stores' offers",
  );
  await line.getByRole("button", { name: "Show only my stores' offers" }).click();
  await expect.poll(() => freeStores(page)).toEqual(["GOG"]);
  expect(new URL(page.url()).searchParams.get("stores")).toBeNull();

  // The link opens the setting.
  await line.getByRole("link", { name: "Settings → Gaming → Platforms" }).click();
  await page.getByText("Dashboard → Multi-Platform shows their free games", { exact: false }).waitFor();
  await page.context().close();
});

test("when none of the user's stores has a free game, the card says so and offers every store's", async () => {
  // Steam: the demo catalog's free games record no store; Xbox and Origin: no source lists their offers.
  const page = await multiPlatform(["steam", "xbox", "origin"]);
  const card = freeCard(page);
  await card.getByText("None of your stores has a free game listed").waitFor();
  expect(
    await card
      .getByText("Listed now: Epic Games offers, GOG offers, free-to-play games whose store is not recorded.")
      .count(),
  ).toBe(1);
  expect(await card.getByTestId("free-games-stores").textContent()).toBe(
    "Showing your stores' offers only: Steam. No source lists free offers for Xbox and Origin. Your stores are chosen in Settings → Gaming → Platforms. ",
  );
  expect(await card.getByRole("list", { name: "Free games" }).count()).toBe(0);
  // Steam and Xbox have rows in the status list; Origin has none, and the note says so.
  const mine = page.getByTestId("system-status").filter({ hasText: "Your platform" });
  await expect.poll(() => mine.count()).toBe(2);
  expect(await page.getByTestId("your-platforms").textContent()).toBe(
    "Your platforms: Steam, Xbox and Origin, chosen in Settings → Gaming → Platforms. No source here covers Origin.",
  );
  await card.getByRole("button", { name: "Show all" }).click();
  await expect.poll(() => freeStores(page)).toEqual(expect.arrayContaining(["Epic", "GOG", "Catalog"]));
  await page.context().close();
});

test("a user with no platforms chosen sees every store's free games, and where to choose them", async () => {
  const page = await multiPlatform([]);
  const line = freeCard(page).getByTestId("free-games-stores");
  await expect
    .poll(() => line.textContent())
    .toBe(
      "Showing every store's offers: you have chosen no stores. Your stores are chosen in Settings → Gaming → Platforms. ",
    );
  await expect.poll(() => freeStores(page)).toEqual(expect.arrayContaining(["Epic", "GOG", "Catalog"]));
  expect(await page.getByTestId("system-status").filter({ hasText: "Your platform" }).count()).toBe(0);
  await page.context().close();
});
