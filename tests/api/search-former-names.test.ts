import { beforeAll, expect, test } from "vitest";
import type { SearchResult } from "../../src/contracts/games.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * A game renamed by a newer dataset ("PLAYERUNKNOWN'S BATTLEGROUNDS" in a 2019 snapshot, "PUBG:
 * BATTLEGROUNDS" in 2023) is still found by its former name, whichever dataset was imported first
 * (review r18c, item 7). Games whose current name matches still come first.
 */
let user: TestUser;
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

beforeAll(async () => {
  user = await createTestUser();
  // PUBG: the 2019 record first, then 2023's. Another app: 2023's first, then an older record.
  await upsertGames(
    [
      {
        name: "PLAYERUNKNOWN'S BATTLEGROUNDS",
        steamAppId: 578080,
        positiveReviews: 500_000,
        asOf: at("2019-05-01"),
      },
      { name: "Grand Theft Auto V", steamAppId: 271590, positiveReviews: 900_000, asOf: at("2023-01-15") },
    ],
    "steam-store-csv",
  );
  await upsertGames(
    [
      { name: "PUBG: BATTLEGROUNDS", steamAppId: 578080, positiveReviews: 1_000_000, asOf: at("2023-01-15") },
      {
        name: "Grand Theft Auto V Legacy",
        steamAppId: 271590,
        positiveReviews: 800_000,
        asOf: at("2019-05-01"),
      },
      // A game whose current name holds the word: it ranks before a former-name match.
      { name: "Playerunknown Tribute", steamAppId: 999_001, positiveReviews: 10, asOf: at("2023-01-15") },
    ],
    "steamspy-csv",
  );
});

const search = async (q: string) =>
  (
    (await (
      await request(`/api/games/search?q=${encodeURIComponent(q)}`, { cookie: user.cookie })
    ).json()) as SearchResult[]
  ).map((g) => g.name);

test("a renamed game keeps its former name, and search finds it by that name", async () => {
  const rows = await rawClient().execute(
    "SELECT name, former_names FROM games WHERE steam_app_id IN (578080, 271590) ORDER BY steam_app_id",
  );
  expect(rows.rows.map((r) => [r.name, r.former_names])).toEqual([
    ["Grand Theft Auto V", JSON.stringify(["Grand Theft Auto V Legacy"])],
    ["PUBG: BATTLEGROUNDS", JSON.stringify(["PLAYERUNKNOWN'S BATTLEGROUNDS"])],
  ]);
  expect(await search("PLAYERUNKNOWN")).toEqual(["Playerunknown Tribute", "PUBG: BATTLEGROUNDS"]);
  expect(await search("playerunknown's battlegrounds")).toContain("PUBG: BATTLEGROUNDS");
  expect(await search("gta v legacy")).toEqual([]);
  expect(await search("grand theft auto v legacy")).toEqual(["Grand Theft Auto V"]);
  // The current name as before.
  expect(await search("PUBG")).toEqual(["PUBG: BATTLEGROUNDS"]);
});

test("the same records again change nothing; taking a former name back removes it from the list", async () => {
  const again = await upsertGames(
    [{ name: "PUBG: BATTLEGROUNDS", steamAppId: 578080, positiveReviews: 1_000_000, asOf: at("2023-01-15") }],
    "steamspy-csv",
  );
  expect(again).toMatchObject({ updated: 0 });
  await upsertGames(
    [
      {
        name: "PLAYERUNKNOWN'S BATTLEGROUNDS",
        steamAppId: 578080,
        positiveReviews: 1_100_000,
        asOf: at("2024-01-15"),
      },
    ],
    "steamspy-csv",
  );
  const row = await rawClient().execute("SELECT name, former_names FROM games WHERE steam_app_id = 578080");
  expect([row.rows[0]!.name, row.rows[0]!.former_names]).toEqual([
    "PLAYERUNKNOWN'S BATTLEGROUNDS",
    JSON.stringify(["PUBG: BATTLEGROUNDS"]),
  ]);
});
