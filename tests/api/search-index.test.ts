import { createClient } from "@libsql/client";
import { beforeAll, describe, expect, test } from "vitest";
import { searchGames, searchGamesJson, searchTokens } from "../../src/server/catalog/search.ts";
import { fieldWords, type IndexedGame, SearchIndex } from "../../src/server/catalog/search-index.ts";
import { recordMetrics, upsertGames } from "../../src/server/catalog/write.ts";
import { rawClient } from "../../src/server/db/client.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";
import { seededRandom } from "../helpers/random.ts";

/**
 * Search answers from an in-memory index (src/server/catalog/search-index.ts); whatever changes the
 * catalog — the write services, bulk imports, demo removal, another process — shows in the next search.
 */

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser();
  await upsertGames([{ name: "Lumen Harbor", steamAppId: 501, positiveReviews: 100 }], "test");
});

async function names(q: string): Promise<string[]> {
  const res = await request(`/api/games/search?${new URLSearchParams({ q, limit: "50" })}`, {
    cookie: user.cookie,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ gameName: string }>).map((g) => g.gameName);
}

describe("the index follows the catalog", () => {
  test("a game added after the index was built is found by the next search", async () => {
    expect(await names("lumen")).toEqual(["Lumen Harbor"]);
    await upsertGames([{ name: "Lumen Drift", steamAppId: 502, positiveReviews: 5000 }], "test");
    expect(await names("lumen")).toEqual(["Lumen Drift", "Lumen Harbor"]);
  });

  test("a renamed game is found by its new name, and by its former one; a new developer is searchable", async () => {
    await upsertGames([{ name: "Quasar Vale", steamAppId: 503 }], "test");
    expect(await names("quasar")).toEqual(["Quasar Vale"]);
    await upsertGames([{ name: "Nebula Vale", steamAppId: 503, developer: "Orrery Works" }], "test");
    // The name it had stays searchable (review r18c, item 7), under the name it has now.
    expect(await names("quasar")).toEqual(["Nebula Vale"]);
    expect(await names("nebula vale")).toEqual(["Nebula Vale"]);
    expect(await names("orrery")).toEqual(["Nebula Vale"]);
  });

  test("deleted games (demo data removed, say) disappear at once", async () => {
    await upsertGames(
      [
        { name: "Brindle Demo One", isDemo: true },
        { name: "Brindle Demo Two", isDemo: true },
        { name: "Brindle Real", steamAppId: 504 },
      ],
      "test",
    );
    expect(await names("brindle")).toHaveLength(3);
    await rawClient().execute("DELETE FROM games WHERE is_demo = 1 AND name LIKE 'Brindle%'");
    expect(await names("brindle")).toEqual(["Brindle Real"]);
  });

  test("a game written by another process (an import, the shell) is found at once", async () => {
    expect(await names("zephyrine")).toEqual([]);
    const other = createClient({ url: process.env.DATABASE_URL! });
    try {
      await other.execute(
        `INSERT INTO games (id, slug, name, normalized_name, popularity, created_at, updated_at)
         VALUES ('zeph-1', 'zephyrine-coast', 'Zephyrine Coast', 'zephyrine coast', 3, 0, 0)`,
      );
    } finally {
      other.close();
    }
    expect(await names("zephyrine")).toEqual(["Zephyrine Coast"]);
  });

  test("a change of popularity changes the order", async () => {
    await upsertGames(
      [
        { name: "Tandem Alpha", steamAppId: 505, positiveReviews: 10 },
        { name: "Tandem Beta", steamAppId: 506, positiveReviews: 1000 },
      ],
      "test",
    );
    expect(await names("tandem")).toEqual(["Tandem Beta", "Tandem Alpha"]);
    await upsertGames([{ name: "Tandem Alpha", steamAppId: 505, positiveReviews: 1_000_000 }], "test");
    expect(await names("tandem")).toEqual(["Tandem Alpha", "Tandem Beta"]);
  });

  test("a new player count shows in the next answer (results are cached only until anything is written)", async () => {
    const [id] = (await upsertGames([{ name: "Halcyon Relay", steamAppId: 507 }], "test")).ids;
    const count = async () => {
      const res = await request("/api/games/search?q=halcyon", { cookie: user.cookie });
      return ((await res.json()) as Array<{ playerCount: number | null }>)[0]?.playerCount;
    };
    expect(await count()).toBeNull();
    await recordMetrics([{ gameId: id!, metric: "players", ts: new Date(), value: 1234, source: "test" }]);
    expect(await count()).toBe(1234);
    await recordMetrics([
      { gameId: id!, metric: "players", ts: new Date(Date.now() + 1000), value: 99, source: "test" },
    ]);
    expect(await count()).toBe(99);
  });

  test("a kept answer is the same text as a fresh one, and a write replaces it", async () => {
    await upsertGames(
      [
        { name: "Orchid Vault", steamAppId: 508, positiveReviews: 300 },
        { name: "Orchid Vault: Ashes & Ice", steamAppId: 509, positiveReviews: 20 },
        { name: "Vault of Orchids", steamAppId: 510, developer: "Orchid Works" },
      ],
      "test",
    );
    for (const [q, limit] of [
      ["orchid", 20],
      ["Orchid Vault", 20],
      ["orchid vault", 1],
      ["ORCHID  vault!", 1],
      ["orchid ashes & ice", 5],
      ["orchid works", 50],
      ["orchidzz", 20],
    ] as const) {
      // The search box's answer corrects typing mistakes ("orchidzz" is answered as "orchid").
      const fresh = JSON.stringify(await searchGames(q, limit, { correct: true }));
      // Twice: the second answer comes from what the first kept.
      expect(await searchGamesJson(q, limit)).toBe(fresh);
      expect(await searchGamesJson(q, limit)).toBe(fresh);
    }
    expect(await names("orchid vault")).toEqual([
      "Orchid Vault",
      "Orchid Vault: Ashes & Ice",
      "Vault of Orchids",
    ]);
    await upsertGames([{ name: "Orchid Vault Deluxe", steamAppId: 511, positiveReviews: 90 }], "test");
    expect(await names("orchid vault")).toEqual([
      "Orchid Vault",
      "Orchid Vault Deluxe",
      "Orchid Vault: Ashes & Ice",
      "Vault of Orchids",
    ]);
  });

  test("a bulk import of thousands of games is searchable in full", async () => {
    await upsertGames(
      Array.from({ length: 3000 }, (_, i) => ({
        name: `Bulkwave ${i + 1}`,
        positiveReviews: i === 1234 ? 1_000_000 : 10,
      })),
      "test",
    );
    expect(await names("bulkwave 2999")).toEqual(["Bulkwave 2999"]);
    expect(await names("bulkwave")).toHaveLength(50);
    expect((await names("bulkwave"))[0]).toBe("Bulkwave 1235");
  });
});

describe("the words the index knows", () => {
  test("a word of a game's name, developer, publisher or tags is known, a prefix or a removed game's word not", () => {
    const game = (id: string, name: string, developer: string | null, tags: string[] = []): IndexedGame => ({
      id,
      name,
      normalizedName: name.toLowerCase(),
      developer,
      publisher: developer,
      tags: JSON.stringify(tags),
      popularity: 1,
    });
    const index = SearchIndex.from([
      game("a", "Counter Strike", "Valve", ["FPS"]),
      game("b", "Quiet Orchard", "Orchard Works"),
    ]);
    for (const word of ["counter", "valve", "fps", "orchard", "works"])
      expect(index.hasWord(word)).toBe(true);
    for (const word of ["val", "hades", "nintendo"]) expect(index.hasWord(word)).toBe(false);
    index.remove("b");
    expect(index.hasWord("works")).toBe(false);
  });
});

describe("SearchIndex against a brute-force reference", () => {
  // Deterministic pseudo-random catalog: a small vocabulary so words are shared, distinct popularity.
  let random = seededRandom(42);
  const vocabulary = [
    "shadow",
    "shade",
    "iron",
    "irony",
    "neon",
    "legend",
    "legends",
    "kingdom",
    "drift",
    "saga",
    "café",
    "ведьмак",
  ];
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)]!;
  const makeGame = (i: number): IndexedGame => {
    const name = `${pick()} ${pick()} ${i}`;
    return {
      id: `g${i}`,
      name,
      normalizedName: name
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[^a-z0-9]+/g, " ")
        .trim(),
      developer: random() < 0.5 ? `${pick()} studio` : null,
      publisher: null,
      tags: JSON.stringify([pick()]),
      popularity: Math.round(random() * 1e6) / 1000 + i / 1e7,
    };
  };

  const wordsOf = new WeakMap<IndexedGame, { name: string[]; all: string[] }>();
  function words(g: IndexedGame) {
    let w = wordsOf.get(g);
    if (!w) {
      const name = [...fieldWords(g.name), ...fieldWords(g.normalizedName)];
      w = {
        name,
        all: [...name, ...fieldWords(g.developer), ...fieldWords(g.publisher), ...fieldWords(g.tags)],
      };
      wordsOf.set(g, w);
    }
    return w;
  }

  function reference(games: Map<string, IndexedGame>, tokens: string[], want: number): string[] {
    const has = (list: string[]) => tokens.every((t) => list.some((w) => w.startsWith(t)));
    const all = [...games.values()].sort((a, b) => b.popularity - a.popularity);
    const named = all.filter((g) => has(words(g).name)).slice(0, want);
    if (named.length >= want) return named.map((g) => g.id);
    const others = all.filter((g) => !has(words(g).name) && has(words(g).all)).slice(0, want - named.length);
    return [...named, ...others].map((g) => g.id);
  }

  test.each([
    ["the default limits", undefined, false],
    [
      "small limits, so words and slots are renumbered many times",
      { unsortedWords: 16, recentGames: 64 },
      false,
    ],
    ["built and renumbered in slices, as the server does", { unsortedWords: 16, recentGames: 64 }, true],
  ] as const)(
    "the same matches in the same order, through additions, changes and removals (%s)",
    async (_, limits, sliced) => {
      random = seededRandom(42);
      const games = new Map<string, IndexedGame>();
      for (let i = 0; i < 4000; i++) games.set(`g${i}`, makeGame(i));
      const index = sliced
        ? await SearchIndex.fromSliced([...games.values()], limits)
        : SearchIndex.from([...games.values()], limits);
      const queries = [
        "sha",
        "shadow",
        "iron",
        "iron leg",
        "legends kingdom",
        "s",
        "cafe",
        "caf",
        "ведь",
        "studio",
        "shade 12",
        "zz",
        "drift saga neon",
        // One word in the name, one only in the developer's: matched through other fields.
        "shadow studio",
        "kingdom stud 1",
        // Numbers' prefixes span many words (12, 120…129, 1200…): checked slot by slot on what the
        // other words give, or alone over every slot.
        "12",
        "iron 12",
        "shadow 3",
        "33 iron",
        "1",
        "studio 27",
        "legends 4 kingdom",
      ];
      const check = async () => {
        if (sliced) await index.settle();
        for (const q of queries) {
          const tokens = searchTokens(q);
          expect(
            index.candidates(tokens, 30).map((c) => c.id),
            q,
          ).toEqual(reference(games, tokens, 30));
        }
      };
      await check();
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 1500; i++) {
          if (i % 500 === 0) await check();
          const id = `g${Math.floor(random() * 6000)}`;
          const roll = random();
          if (roll < 0.3) {
            games.delete(id);
            index.remove(id);
          } else if (roll < 0.6) {
            const g = { ...(games.get(id) ?? makeGame(Number(id.slice(1)))), popularity: random() * 1000 };
            games.set(id, g);
            index.put(g);
          } else {
            // A new game, or one renamed (new words, some never seen before).
            const g = { ...makeGame(Number(id.slice(1)) + 7919 * round), id };
            games.set(id, g);
            index.put(g);
          }
        }
        await check();
      }
    },
  );
});

describe("titles in scripts without spaces", () => {
  test("a Chinese or Japanese title is found from a word inside it, not only from its start", async () => {
    await upsertGames(
      [
        { name: "懒人修仙传", steamAppId: 9101, positiveReviews: 40 },
        { name: "Immortals(修仙志)", steamAppId: 9102, positiveReviews: 30 },
        { name: "ストライダー飛竜", steamAppId: 9103, positiveReviews: 20 },
      ],
      "test",
    );
    expect(await names("懒人修仙")).toEqual(["懒人修仙传"]);
    expect(await names("修仙传")).toEqual(["懒人修仙传"]);
    expect(await names("修仙志")).toEqual(["Immortals(修仙志)"]);
    expect(await names("人修仙")).toEqual(["懒人修仙传"]);
    expect(await names("ライダー")).toEqual(["ストライダー飛竜"]);
    // Latin words keep matching by prefix only.
    expect(await names("mortals")).toEqual([]);
  });
});
