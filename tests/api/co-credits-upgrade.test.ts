import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import type { CompanyPage } from "../../src/contracts/market.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review 11 a, item 1: on a database upgraded from before co-credits were kept, games stored with the
 * first company only ("Valve") never got the rest back, as developer and publisher only filled gaps.
 * A credit that names every stored company and more now replaces the stored one; a credit that leaves
 * a stored company out does not (ADR 007, co-credit addendum).
 */
const FIXTURE = (name: string) => fileURLToPath(new URL(`../fixtures/co-credits/${name}`, import.meta.url));
const credits = async (appid: number) =>
  (
    await rawClient().execute({
      sql: "SELECT developer, publisher FROM games WHERE steam_app_id = ?",
      args: [appid],
    })
  ).rows.map((r) => ({ developer: r.developer, publisher: r.publisher }))[0];
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser({ role: "premium" });
  // As the importers stored them before: the first company of each credit.
  await upsertGames(
    [
      { name: "Upgrade Strike", steamAppId: 99999950, developer: "Valve", publisher: "Valve" },
      {
        name: "Upgrade Poorer",
        steamAppId: 99999951,
        developer: "Alpha Studio, Beta Studio",
        publisher: "Alpha Studio",
      },
      { name: "Upgrade Other", steamAppId: 99999952, developer: "Epsilon Studio", publisher: "Gamma Studio" },
      {
        name: "Upgrade Ring",
        steamAppId: 99999953,
        developer: "FromSoftware Inc.",
        publisher: "FromSoftware Inc.",
      },
    ],
    "steam-store-csv",
  );
});

describe("re-importing a file restores the co-credits an older import dropped", () => {
  test("steam-store-csv: the whole credit replaces its first company, and the co-developer's page lists the game", async () => {
    await importSteamStoreCsv(FIXTURE("steam-upgrade.csv"));
    expect(await credits(99999950)).toEqual({
      developer: "Valve, Hidden Path Entertainment",
      publisher: "Valve",
    });
    const res = await request("/api/companies/hidden-path-entertainment", { cookie: user.cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as CompanyPage;
    expect(page.games.map((g) => [g.name, g.role])).toEqual([["Upgrade Strike", "developer"]]);
  });

  test("steamspy-csv: a co-publisher comes back too", async () => {
    await importSteamSpyCsv(FIXTURE("steamspy-upgrade.csv"), new Date("2023-01-15T00:00:00Z"));
    expect(await credits(99999953)).toEqual({
      developer: "FromSoftware Inc.",
      publisher: "FromSoftware Inc., Bandai Namco Entertainment",
    });
  });

  test("a credit that leaves out a stored company changes nothing: no source drops a company", async () => {
    // The file names Alpha Studio alone (a poorer credit), and Gamma and Delta instead of Epsilon.
    expect(await credits(99999951)).toEqual({
      developer: "Alpha Studio, Beta Studio",
      publisher: "Alpha Studio",
    });
    expect(await credits(99999952)).toEqual({ developer: "Epsilon Studio", publisher: "Gamma Studio" });
  });
});
