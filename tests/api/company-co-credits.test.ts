import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import type { GameDetail } from "../../src/contracts/game-page.ts";
import type { CompanyPage } from "../../src/contracts/market.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { recomputeEstimates } from "../../src/server/estimates/store.ts";
import { importSteamStoreCsv } from "../../src/server/importers/steam-store.ts";
import { importSteamSpyCsv } from "../../src/server/importers/steamspy.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review 10 b, item 4: the importers kept only the first developer and publisher of a credit, so
 * 2,267 snapshot games were missing from their co-developers' and co-publishers' pages and totals
 * (CS:GO from Hidden Path Entertainment's, ELDEN RING from Bandai Namco's).
 */
const DATA = fileURLToPath(new URL("../fixtures/datasets/", import.meta.url));
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser({ role: "premium" });
  await importSteamStoreCsv(`${DATA}steam-store-games/steam.csv`);
  await importSteamSpyCsv(`${DATA}steamspy/steamspy_top1000_2023_tags.csv`, new Date("2023-01-15T00:00:00Z"));
  await recomputeEstimates();
});

const get = async <T>(path: string): Promise<T> => {
  const res = await request(path, { cookie: user.cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const company = (slug: string) => get<CompanyPage>(`/api/companies/${encodeURIComponent(slug)}`);
const roles = (page: CompanyPage) => Object.fromEntries(page.games.map((g) => [g.name, g.role]));

describe("a game of several developers or publishers", () => {
  test("keeps every company of the credit and links each one", async () => {
    const csgo = await get<GameDetail>("/api/games/steam-730");
    expect(csgo.developer).toBe("Valve, Hidden Path Entertainment");
    expect(csgo.developers).toEqual([
      { name: "Valve", slug: "valve" },
      { name: "Hidden Path Entertainment", slug: "hidden-path-entertainment" },
    ]);
    expect(csgo.developerSlug).toBe("valve");
    expect(csgo.publishers).toEqual([{ name: "Valve", slug: "valve" }]);
    // steam.csv's ";" list, with a company that is both developer and publisher.
    const cod2 = await get<GameDetail>("/api/games/steam-2630");
    expect(cod2.developers.map((c) => c.name)).toEqual(["Infinity Ward", "Aspyr (Mac)"]);
    expect(cod2.publishers.map((c) => c.name)).toEqual(["Activision", "Aspyr (Mac)"]);
  });

  test("is on each company's page and in its totals", async () => {
    const hiddenPath = await company("hidden-path-entertainment");
    expect(hiddenPath.name).toBe("Hidden Path Entertainment");
    // CS:GO from both files; Age of Empires II (2013) from SteamSpy's list of four developers.
    expect(roles(hiddenPath)).toMatchObject({
      "Counter-Strike: Global Offensive": "developer",
      "Age of Empires II (2013)": "developer",
    });
    expect(hiddenPath.totals.developed).toBe(hiddenPath.games.length);
    expect(roles(await company("valve"))["Counter-Strike: Global Offensive"]).toBe("developer and publisher");
    const aspyr = await company("aspyr-mac");
    expect(aspyr.name).toBe("Aspyr (Mac)");
    const cod2 = await get<GameDetail>("/api/games/steam-2630");
    expect(aspyr.games.find((g) => g.id === cod2.id)?.role).toBe("developer and publisher");
    expect(roles(await company("forgotten-empires"))).toEqual({ "Age of Empires II (2013)": "developer" });
  });

  test("counts in each developer's estimate totals", async () => {
    const totals = await get<{ totals: Array<{ name: string; games: number }> }>(
      `/api/estimates/totals?by=developer&name=${encodeURIComponent("Hidden Path Entertainment")}`,
    );
    const page = await company("hidden-path-entertainment");
    expect(totals.totals).toHaveLength(1);
    expect(totals.totals[0]).toMatchObject({
      name: "Hidden Path Entertainment",
      games: page.totals.estimates?.games,
    });
    expect(totals.totals[0]!.games).toBeGreaterThanOrEqual(2);
    // The whole credit is no company of its own.
    const whole = await get<{ totals: unknown[] }>(
      `/api/estimates/totals?by=developer&name=${encodeURIComponent("Valve, Hidden Path Entertainment")}`,
    );
    expect(whole.totals).toEqual([]);
  });

  test("a credit naming one company in two spellings counts its game once in the estimate totals (review 11 a, item 6)", async () => {
    // As stored before credits named each company once.
    const game = (name: string, steamAppId: number, developer: string) => ({
      name,
      steamAppId,
      developer,
      genres: ["Indie"],
      price: 9.99,
      positiveReviews: 400,
      negativeReviews: 40,
    });
    const { ids } = await upsertGames(
      [
        game("Dup Credit One", 99999960, "Spelling Dev"),
        game("Dup Credit Two", 99999961, "Spelling Dev, SPELLING DEV"),
      ],
      "test",
    );
    await recomputeEstimates({ gameIds: ids });
    const totals = await get<{ totals: Array<{ name: string; games: number }> }>(
      "/api/estimates/totals?by=developer&name=spelling%20dev",
    );
    expect(totals.totals.map((t) => [t.name, t.games])).toEqual([["Spelling Dev", 2]]);
    expect((await company("spelling-dev")).totals.estimates?.games).toBe(2);
  });

  // Review 11 a, questionable: the totals listed "Bandai Namco Entertainment" and "BANDAI NAMCO
  // Entertainment" apart while the company page counted them as one company.
  test("games crediting one company in different spellings are one group of the totals, as on its page", async () => {
    const { ids } = await upsertGames(
      [
        {
          name: "Apart Spelled One",
          steamAppId: 99999962,
          publisher: "Casing Works",
          price: 9.99,
          positiveReviews: 300,
          negativeReviews: 30,
        },
        {
          name: "Apart Spelled Two",
          steamAppId: 99999963,
          publisher: "CASING WORKS",
          price: 9.99,
          positiveReviews: 300,
          negativeReviews: 30,
        },
      ],
      "test",
    );
    await recomputeEstimates({ gameIds: ids });
    const totals = await get<{ totals: Array<{ name: string; games: number }> }>(
      "/api/estimates/totals?by=publisher&name=casing%20works",
    );
    expect(totals.totals.map((t) => [t.name, t.games])).toEqual([["CASING WORKS", 2]]);
    expect((await company("casing-works")).totals.estimates?.games).toBe(2);
  });

  test("a credit drops placeholders and repeats, and a name's own comma stays inside it", async () => {
    const { ids } = await upsertGames(
      [{ name: "Credit Check", developer: "CAPCOM Co., Ltd., CINEMAX, s.r.o.", publisher: "Unknown" }],
      "test",
    );
    const game = await get<GameDetail>(`/api/games/${ids[0]}`);
    expect(game.developers.map((c) => c.name)).toEqual(["CAPCOM Co., Ltd.", "CINEMAX, s.r.o."]);
    expect(game.publishers).toEqual([]);
  });
});
