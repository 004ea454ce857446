import { spawnSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, SCREENSHOT_DIR, signedInContext, startServer, type TestServer } from "./harness.ts";

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  const r = spawnSync(
    "bun",
    ["scripts/import.ts", "steamspy-csv", "tests/fixtures/estimates/steamspy-sample.csv"],
    {
      env: { ...process.env, DATABASE_URL: `file:${server.databaseFile}`, LOG_LEVEL: "error" },
    },
  );
  if (r.status !== 0) throw new Error(String(r.stderr));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("Methodology: the fitted model, the revenue parameters and the saved back-test table", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/methodology`);
  await page.getByRole("heading", { name: "Methodology" }).waitFor();
  await page.getByText(/Model owners-1\.[0-9a-f]{8}, fitted on/).waitFor();
  await page.getByRole("table", { name: "Revenue parameters" }).getByText("Store cut tiers").waitFor();
  const backtest = page.getByRole("table", { name: /^Back-test: the estimate/ });
  await backtest.getByText("10,000+").waitFor();
  await expect.poll(() => backtest.getByRole("row").count()).toBeGreaterThan(5);
  await page
    .getByText(/P50 in band \d+\.\d %/)
    .first()
    .waitFor();
  await page.getByText("Market prediction", { exact: true }).waitFor();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/methodology.png`, fullPage: true });
  await context.close();
});

test("Game page: the estimates panel with P50 and range, methods with weights, inputs and the methodology link", async () => {
  const { context } = await signedInContext(browser, server, { role: "regular" });
  const page = await context.newPage();
  await page.goto(`${server.url}/games/steam-10`);
  await page.getByRole("heading", { name: "Counter-Strike", level: 1 }).waitFor();
  const panel = page.locator("[data-slot=estimates-panel]");
  await panel.getByText("Sales estimates").waitFor();
  await panel.getByText(/^P10 /).first().waitFor();
  await panel.getByRole("cell", { name: /Owners band/ }).waitFor();
  await panel
    .getByText(/10,000,000 \.\. 20,000,000/)
    .first()
    .waitFor();
  expect(await panel.getByText(/^\d+ %$/).count()).toBe(2);
  await panel.screenshot({ path: `${SCREENSHOT_DIR}/estimates-panel.png` });
  await panel.getByRole("link", { name: "How these estimates are made" }).click();
  await page.getByRole("heading", { name: "Methodology" }).waitFor();
  await context.close();
});
