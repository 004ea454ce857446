import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, startServer, type TestServer } from "./harness.ts";

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

test("the server serves the client and answers health", async () => {
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  const page = await browser.newPage();
  const res = await page.goto(`${server.url}/some/app/route`);
  expect(res?.status()).toBe(200);
  expect(await page.title()).toContain("Gaming Intelligence");
  await page.close();
});
