import { beforeAll, expect, test } from "vitest";
import { buildMatchExpression } from "../../src/server/catalog/search.ts";
import { upsertGames } from "../../src/server/catalog/write.ts";
import { createTestUser, request, type TestUser } from "../helpers/api.ts";

let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  await upsertGames(
    [
      {
        name: "Counter-Strike",
        steamAppId: 10,
        developer: "Valve",
        positiveReviews: 124534,
        negativeReviews: 3339,
      },
      {
        name: "Counter-Strike: Global Offensive",
        steamAppId: 730,
        developer: "Valve",
        positiveReviews: 2644404,
        negativeReviews: 402313,
      },
      {
        name: "Baldur's Gate 3",
        steamAppId: 1086940,
        developer: "Larian Studios",
        positiveReviews: 500000,
        negativeReviews: 10000,
      },
      { name: "Pokémon Legends: Arceus", igdbId: 119388, developer: "Game Freak", ratingCount: 300 },
      {
        name: "Half-Life 2",
        steamAppId: 220,
        developer: "Valve",
        positiveReviews: 150000,
        negativeReviews: 3000,
      },
      {
        name: "Half Past Midnight",
        steamAppId: 999001,
        developer: "Tiny Indie",
        positiveReviews: 12,
        negativeReviews: 3,
      },
      {
        name: "Stardew Valley",
        steamAppId: 413150,
        developer: "ConcernedApe",
        positiveReviews: 400000,
        negativeReviews: 5000,
      },
    ],
    "test",
  );
});

async function search(q: string, limit?: number) {
  const params = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  return request(`/api/games/search?${params}`, { cookie: user.cookie });
}

async function names(q: string): Promise<string[]> {
  const res = await search(q);
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ gameName: string }>).map((g) => g.gameName);
}

test("a prefix finds games, the most relevant and popular first", async () => {
  expect(await names("stard")).toEqual(["Stardew Valley"]);
  const half = await names("half");
  expect(half[0]).toBe("Half-Life 2");
  expect(half).toContain("Half Past Midnight");
});

test("several words must all match", async () => {
  expect(await names("half life")).toEqual(["Half-Life 2"]);
  expect(await names("counter global")).toEqual(["Counter-Strike: Global Offensive"]);
});

test("punctuation in names and queries: Counter-Strike and Baldur's", async () => {
  const cs = await names("Counter-Strike");
  expect(cs[0]).toBe("Counter-Strike");
  expect(cs).toContain("Counter-Strike: Global Offensive");
  expect(await names("Baldur's Gate")).toEqual(["Baldur's Gate 3"]);
  // The apostrophe is optional, straight or curly.
  expect(await names("baldurs gate")).toEqual(["Baldur's Gate 3"]);
  expect(await names("Baldur’s")).toEqual(["Baldur's Gate 3"]);
  expect(await names("counterstrike")).toEqual([]); // a different word: honestly not found
});

test("accents are folded both ways", async () => {
  expect(await names("pokemon")).toEqual(["Pokémon Legends: Arceus"]);
  expect(await names("Pokémon leg")).toEqual(["Pokémon Legends: Arceus"]);
});

test("FTS syntax characters in the query cannot break it", async () => {
  for (const q of [
    '"half',
    "half*",
    "half:life",
    "(half)",
    "half -life",
    "^half",
    "half NEAR life",
    "half AND OR NOT",
    "***",
    '"""',
  ]) {
    const res = await search(q);
    expect([200, 422]).toContain(res.status);
    if (res.status === 422) expect(q.replace(/[^\p{L}\p{N}]/gu, "").length).toBeLessThan(3);
  }
  expect(await names("half OR stardew")).toEqual([]);
  expect(buildMatchExpression('x" OR "y')).toBe('"x"* "or"* "y"*');
});

test("fewer than 3 characters is 422 naming q; a missing q too", async () => {
  for (const path of ["/api/games/search?q=ha", "/api/games/search?q=%20%20a%20", "/api/games/search"]) {
    const res = await request(path, { cookie: user.cookie });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors[0].field).toBe("q");
  }
  // q given twice: one error that says so, not "Required".
  const twice = await request("/api/games/search?q=portal&q=dota", { cookie: user.cookie });
  expect(twice.status).toBe(422);
  expect((await twice.json()).errors).toEqual([
    expect.objectContaining({ field: "q", message: "Give q once" }),
  ]);
});

// Review r33-c #9: issue 4 says "`limit` capped": more than 50 gives 50, no longer a 422.
test("the limit is capped at 50 (more gives 50; 0 or no number is refused naming it), and results carry the spec's search-result fields", async () => {
  await upsertGames(
    Array.from({ length: 60 }, (_, i) => ({ name: `Capped Racer ${i + 1}`, positiveReviews: i })),
    "test",
  );
  expect(await (await search("capped racer", 50)).json()).toHaveLength(50);
  expect(await (await search("capped racer")).json()).toHaveLength(20);
  expect(await (await search("capped racer", 5)).json()).toHaveLength(5);
  for (const limit of ["51", "500", "500.0", "99999999999999999999"]) {
    const capped = await request(`/api/games/search?q=capped%20racer&limit=${limit}`, {
      cookie: user.cookie,
    });
    expect(capped.status, limit).toBe(200);
    expect(await capped.json(), limit).toHaveLength(50);
  }
  for (const [limit, message] of [
    ["0", "A whole number from 1 (above 50 gives 50)"],
    ["-3", "A whole number from 1 (above 50 gives 50)"],
    ["abc", "A whole number from 1 (above 50 gives 50)"],
    ["", "A whole number from 1 (above 50 gives 50)"],
  ]) {
    const refused = await request(`/api/games/search?q=capped&limit=${limit}`, { cookie: user.cookie });
    expect(refused.status, limit).toBe(422);
    const { errors } = (await refused.json()) as { errors: Array<{ field: string; message: string }> };
    expect(errors, limit).toEqual([{ field: "limit", message }]);
  }

  const one = ((await (await search("stardew", 1)).json()) as unknown[])[0];
  expect(one).toMatchObject({
    id: expect.any(String),
    gameId: expect.any(String),
    gameName: "Stardew Valley",
    name: "Stardew Valley",
    source: "Steam",
  });
  for (const field of ["imageUrl", "platform", "price", "rating", "genre", "summary"])
    expect(one).toHaveProperty(field);
});

test("names in other scripts are found too", async () => {
  await upsertGames([{ name: "Ведьмак 3: Дикая Охота", igdbId: 1942 }], "test");
  expect(await names("ведьмак")).toEqual(["Ведьмак 3: Дикая Охота"]);
});

test("search needs a signed-in user", async () => {
  expect((await request("/api/games/search?q=half")).status).toBe(401);
});

test("the 3-character minimum counts letters and digits, the characters search matches on", async () => {
  await upsertGames(
    [
      { name: "Code Crafter", positiveReviews: 50 },
      { name: "Cinder Cove", positiveReviews: 40 },
    ],
    "test",
  );
  // "c++" searched as "c" answered every game starting with C: it is too short, as "c" is.
  for (const q of ["c++", "c#", "***", "a - b", "é!!"]) {
    const res = await search(q);
    expect(res.status, q).toBe(422);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const body = await res.json();
    expect(body.errors[0].field).toBe("q");
    expect(body.errors[0].message).toBe("Type at least 3 letters or digits to search");
  }
  // Three letters or digits with punctuation between them still search, as they did.
  expect((await search("c-3po")).status).toBe(200);
  expect(await names("a.b.c")).toEqual([]);
  expect(await names("hal")).toEqual(["Half-Life 2", "Half Past Midnight"]);
  expect(await names("ベヨネッタ")).toEqual([]);
});
