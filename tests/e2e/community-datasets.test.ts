import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { CommunityDataset } from "../../src/contracts/sources.ts";
import { type Replay, startReplay } from "../fixtures/recorded/server.ts";
import { launchBrowser, serverSql, signedInContext, startServer, type TestServer } from "./harness.ts";

/**
 * Review r27-b #3: the server looks inside listed repositories only. Every card the Community
 * Datasets screen shows, on either tab, still opens its content: the recorded one with its rows, one
 * GitHub has nothing for with the screen's "No accessible dataset content found", never refused as
 * not listed.
 */
let replay: Replay;
let server: TestServer;
let browser: Browser;

const dataset = (fullName: string, stars: number, lastUpdated: string): CommunityDataset => {
  const [owner, name] = fullName.split("/") as [string, string];
  return {
    fullName,
    name,
    description: `${name}, as CSV`,
    topics: ["video-games"],
    owner: { login: owner, avatarUrl: null },
    stars,
    lastUpdated,
    size: 1412,
    language: null,
    htmlUrl: `https://github.com/${fullName}`,
    downloadUrl: `https://github.com/${fullName}/archive/refs/heads/main.zip`,
  };
};
const LISTED = dataset("analyst/video-game-sales", 87, "2024-03-02T10:00:00Z");
const TRENDING_ONLY = dataset("someone/Fresh-Games", 3, "2024-05-01T10:00:00Z");

beforeAll(async () => {
  replay = await startReplay();
  server = await startServer({ env: { SOURCE_BASE_URLS: `github=${replay.base}` } });
  for (const [d, kind] of [
    [LISTED, "dataset"],
    [TRENDING_ONLY, "trending"],
  ] as const) {
    await serverSql(
      server,
      "INSERT INTO community_datasets (full_name, kind, stars, data, fetched_at) VALUES (?, ?, ?, ?, ?)",
      [d.fullName, kind, d.stars, JSON.stringify(d), Date.now()],
    );
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await replay?.stop();
});

/** Opens a card's content and answers the server's status and detail for it. */
async function lookInside(page: Page, d: CommunityDataset): Promise<{ status: number; detail?: string }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/github-gaming/dataset/")),
    page.getByRole("button", { name: d.name, exact: true }).click(),
  ]);
  const body = await response.json();
  return { status: response.status(), detail: body.detail };
}

test("a regular user looks inside a listed dataset and a trending-only repository", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/github-gaming`);
  await page.getByTestId("dataset-card").first().waitFor();

  expect(await lookInside(page, LISTED)).toMatchObject({ status: 200 });
  const panel = page.getByRole("tabpanel", { name: "Dataset Content" });
  await panel.getByText("analyst/video-game-sales — data/vgsales.csv").waitFor();
  await panel.getByRole("cell", { name: "Wii Sports" }).first().waitFor();

  await page.getByRole("tab", { name: /^Trending/ }).click();
  const trending = await lookInside(page, TRENDING_ONLY);
  expect(trending.detail).not.toBe("This repository is not one of the listed datasets");
  expect(trending).toEqual({ status: 404, detail: "No accessible dataset content found" });
  await panel.getByText("No accessible dataset content found").waitFor();
  await context.close();
});
