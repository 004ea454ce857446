import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

/**
 * Review r27 a, item 5: "Valve" showed 1.70M published units with no word of "Valve Software", the
 * same studio as VGChartz spells it. The page links its other spellings' pages, each with its own
 * games, units, source and date, and says the figures are not added up. Hand-made rows
 * (tests/fixtures/datasets/vgsales/company-rows/SOURCE.txt, aliases.csv).
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["vgsales-csv", "tests/fixtures/datasets/vgsales/company-rows/aliases.csv", "--as-of", "2016-12-22"],
  ]));
});

afterAll(() => stopAll(browser, server));

test("company page: 'Also listed as' links Valve Software with its own figures, not added up", async () => {
  const { context } = await signedInContext(browser, server);
  const page = await context.newPage();
  await page.goto(`${server.url}/companies/valve`);
  const card = page.getByRole("region", { name: "Also listed as" });
  await card.waitFor();
  const rows = card.getByTestId("company-alias");
  expect(await rows.allTextContents()).toEqual([
    expect.stringMatching(
      /^Valve Software · 2 games · 8\.09M units sold \(published\) over 2 games.*Source: VGChartz sales dataset \(aliases\.csv\) · Dec 2016/,
    ),
    expect.stringMatching(/^Valve Corporation · 1 game · 1\.70M units sold \(published\) over 1 game/),
  ]);
  expect(await card.textContent()).not.toContain("Valve Studios");
  await card
    .getByTestId("company-alias-note")
    .getByText(/^Valve \(this page\): 1 game · 1\.70M units sold \(published\) over 1 game\. Not added up: /)
    .waitFor();

  // The link opens Valve Software's page, which links back.
  await rows.first().getByRole("link", { name: "Valve Software" }).click();
  await page.waitForURL(`${server.url}/companies/valve-software`);
  await page.getByRole("heading", { name: "Valve Software" }).waitFor();
  await page
    .getByRole("region", { name: "Also listed as" })
    .getByRole("link", { name: "Valve", exact: true })
    .waitFor();

  // A division has no such card.
  await page.goto(`${server.url}/companies/ubisoft-montreal`);
  await page.getByRole("heading", { name: "Ubisoft Montreal" }).waitFor();
  expect(await page.getByRole("region", { name: "Also listed as" }).count()).toBe(0);
  await context.close();
});
