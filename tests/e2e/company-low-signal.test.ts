import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { compactNumber } from "../../src/client/format/numbers.ts";
import { slugify } from "../../src/server/catalog/normalize.ts";
import { openClient } from "../../src/server/db/client.ts";
import { serverWithData, signedInContext, stopAll, type TestServer } from "./harness.ts";

/**
 * Report r12-a #2: a company page showed a low-signal game's P50 as a plain figure ("3.3K", "$21.4K")
 * and summed it without a word. The row shows the P10–P90 range marked "low signal", as the screener
 * does, and the estimated totals say how many low-signal games they include.
 */
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await serverWithData([
    ["steam-store-csv", "tests/fixtures/datasets/steam-store-games/steam.csv"],
  ]));
});

afterAll(() => stopAll(browser, server));

test("company page: a low-signal game's estimates are its ranges marked low signal; the totals count it", async () => {
  const db = openClient(`file:${server.databaseFile}`, undefined, 5000);
  let game: {
    id: string;
    name: string;
    developer: string;
    owners: { low: number; mid: number; high: number };
  };
  try {
    // A low-signal game credited to one developer alone.
    const rs = await db.execute(
      `SELECT g.id, g.name, g.developer, e.owners_low, e.owners_mid, e.owners_high FROM games g
       JOIN game_estimates e ON e.game_id = g.id
       WHERE e.low_signal = 1 AND g.developer IS NOT NULL AND g.developer NOT LIKE '%,%' AND g.developer NOT LIKE '%;%'
       ORDER BY g.name LIMIT 1`,
    );
    const r = rs.rows[0]!;
    game = {
      id: String(r.id),
      name: String(r.name),
      developer: String(r.developer),
      owners: { low: Number(r.owners_low), mid: Number(r.owners_mid), high: Number(r.owners_high) },
    };
  } finally {
    db.close();
  }
  const { context } = await signedInContext(browser, server, { role: "premium" });
  const page = await context.newPage();
  const answer = page.waitForResponse((r) => r.url().includes("/api/companies/") && r.ok());
  await page.goto(`${server.url}/companies/${encodeURIComponent(slugify(game.developer))}`);
  const company = (await (await answer).json()) as { totals: { estimates: { lowSignalGames: number } } };
  const lowSignal = company.totals.estimates.lowSignalGames;
  expect(lowSignal).toBeGreaterThan(0);

  const row = page.getByRole("row").filter({ hasText: game.name });
  await row.waitFor();
  const range = `${compactNumber(game.owners.low)}–${compactNumber(game.owners.high)}`;
  const text = (await row.textContent()) ?? "";
  expect(text).toContain(`${range}low signal`);
  // Not the P50 as a plain figure.
  if (!range.includes(compactNumber(game.owners.mid)))
    expect(text).not.toContain(compactNumber(game.owners.mid));
  await page
    .getByTestId("low-signal-note")
    .getByText(/too little is known of this game for a single figure.*still in the estimated totals/)
    .waitFor();
  await page
    .getByRole("region", { name: "Estimated totals" })
    .getByText(
      lowSignal === 1
        ? "1 of them is low-signal: no single figure is shown for it, but its P50 is in these sums."
        : `${lowSignal} of them are low-signal: no single figure is shown for them, but their P50s are in these sums.`,
    )
    .waitFor();
  await context.close();
});
