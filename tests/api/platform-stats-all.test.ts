import { beforeAll, expect, test } from "vitest";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

/**
 * Review 7 #13: `/api/platforms/stats` answers every platform of the catalog. It stopped at 20 without
 * saying so, which left Wii U, NES, Dreamcast… out of the dashboard's "no data" note and its games donut.
 */
// VGChartz's codes, as its files spell the 31 platforms they list.
const CODES = [
  "PS2",
  "DS",
  "PS3",
  "Wii",
  "X360",
  "PSP",
  "PS",
  "PC",
  "XB",
  "GBA",
  "GC",
  "3DS",
  "PSV",
  "PS4",
  "N64",
  "XOne",
  "SNES",
  "SAT",
  "WiiU",
  "2600",
  "NES",
  "GB",
  "DC",
  "GEN",
  "NG",
  "SCD",
  "WS",
  "3DO",
  "TG16",
  "GG",
  "PCFX",
];

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser();
  // Fewer games on each later platform, so the last ones are those a cut at 20 dropped.
  await upsertGames(
    CODES.flatMap((code, i) =>
      Array.from({ length: CODES.length - i }, (_, n) => ({
        name: `Console Game ${code} ${n}`,
        releaseYear: 2000,
        platforms: [code],
      })),
    ),
    "vgsales-csv",
  );
});

test("every platform the catalog lists is answered, with its games, the least listed too", async () => {
  const res = await request("/api/platforms/stats", { cookie: user.cookie });
  expect(res.status).toBe(200);
  const stats = (await res.json()) as Array<{ platform: string; games: number; players: number | null }>;
  expect(stats).toHaveLength(CODES.length);
  // The same platforms as the Games Database's Platforms tab, which counts the catalog the same way.
  const tab = (await (await request("/api/igdb/platforms", { cookie: user.cookie })).json()) as Array<{
    name: string;
    games: number;
  }>;
  expect(stats.map((s) => [s.platform, s.games])).toEqual(tab.map((p) => [p.name, p.games]));
  expect(stats.at(-1)).toMatchObject({ games: 1, players: null });
  expect(stats.reduce((sum, s) => sum + s.games, 0)).toBe((CODES.length * (CODES.length + 1)) / 2);
});
