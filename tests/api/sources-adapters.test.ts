import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EpicClient } from "../../src/server/sources/epic.ts";
import { GithubClient, parseDatasetFile } from "../../src/server/sources/github.ts";
import { GogClient } from "../../src/server/sources/gog.ts";
import { IgdbClient } from "../../src/server/sources/igdb.ts";
import { KaggleClient } from "../../src/server/sources/kaggle.ts";
import { SteamClient } from "../../src/server/sources/steam.ts";
import { SteamSpyClient, toSteamSpyApp } from "../../src/server/sources/steamspy.ts";
import { type Replay, startReplay } from "../fixtures/recorded/server.ts";

/**
 * Each adapter against recorded answers served locally: the real recordings copied into
 * tests/fixtures/api-samples, and the documented-format answers in tests/fixtures/recorded.
 * Adapters return typed records and skip malformed ones; they never touch the database.
 */
let replay: Replay;
beforeAll(async () => {
  replay = await startReplay();
});
afterAll(() => replay.stop());

describe("Steam", () => {
  test("appdetails of DOOM (recorded) becomes a game record with its store fields", async () => {
    const steam = new SteamClient({ bases: replay.bases });
    expect(await steam.appDetails(379720)).toMatchObject({
      name: "DOOM",
      steamAppId: 379720,
      developer: "id Software",
      publisher: "Bethesda Softworks",
      releaseDate: "2016-05-12",
      platforms: ["PC"],
    });
  });

  test("appdetails from the 80 recorded answers; an app Steam doesn't list is null; review summary and players", async () => {
    const steam = new SteamClient({ bases: replay.bases });
    const portal = await steam.appDetails(620);
    expect(portal).toMatchObject({ name: "Portal 2", steamAppId: 620 });
    expect(portal!.genres!.length).toBeGreaterThan(0);
    expect(await steam.appDetails(1)).toBeNull();
    expect(await steam.reviewSummary(379720)).toEqual({ positive: 198001, negative: 9278 });
    expect(await steam.currentPlayers(379720)).toBe(1590);
  });

  test("appdetails during a sale: the day's price and the list price beside it", async () => {
    // BioShock on sale: Steam's price_overview gives `final` (the day's) and `initial` (the list price).
    replay.override("/api/appdetails", () =>
      Response.json({
        "7670": {
          success: true,
          data: {
            name: "BioShock",
            steam_appid: 7670,
            price_overview: { currency: "USD", initial: 1999, final: 499, discount_percent: 75 },
          },
        },
      }),
    );
    try {
      const steam = new SteamClient({ bases: replay.bases });
      expect(await steam.appDetails(7670)).toMatchObject({ price: 4.99, listPrice: 19.99 });
    } finally {
      replay.override("/api/appdetails", null);
    }
  });
});

describe("SteamSpy", () => {
  test("a record on sale keeps its list price (`initialprice`) beside the day's price", () => {
    const app = toSteamSpyApp({ appid: 7670, name: "BioShock", price: "499", initialprice: "1999" });
    expect(app.game).toMatchObject({ price: 4.99, listPrice: 19.99 });
    expect(toSteamSpyApp({ appid: 10, name: "Counter-Strike", price: "999" }).game.listPrice).toBeNull();
  });

  test("a band with no lower end ('0 .. 20,000') is no owners figure: the band alone is kept", () => {
    const app = toSteamSpyApp({ appid: 979300, name: "Allied Nations", owners: "0 .. 20,000" });
    expect(app.owners).toBeNull();
    expect(app.game.ownersEstimate).toBeNull();
    expect(app.ownersBand).toEqual({ low: 0, high: 20000 });
    const floored = toSteamSpyApp({ appid: 7670, name: "BioShock", owners: "20,000 .. 50,000" });
    expect([floored.owners, floored.game.ownersEstimate]).toEqual([35000, 35000]);
  });

  test("appdetails (recorded), the top 100 and an `all` page, skipping malformed records", async () => {
    const spy = new SteamSpyClient({ bases: replay.bases });
    expect((await spy.appDetails(379720))?.game).toMatchObject({
      name: "DOOM",
      price: 19.99,
      positiveReviews: 198001,
      ownersEstimate: 7_500_000,
    });
    const top = await spy.top100In2Weeks();
    expect(top.map((a) => [a.game.name, a.ccu, a.owners])).toEqual([
      ["Dota 2", 681249, 350_000_000],
      ["Counter-Strike 2", 1475642, 150_000_000],
    ]);
    const page = await spy.allPage(0);
    expect(page.map((a) => a.game.steamAppId)).toEqual([10, 570, 620]);
  });
});

describe("IGDB", () => {
  const client = () =>
    new IgdbClient({ clientId: "client-id", clientSecret: "client-secret", bases: replay.bases });

  test("one Twitch token for every query until it expires; games, platforms and companies parsed", async () => {
    const before = replay.hits.get("/oauth2/token") ?? 0;
    const igdb = client();
    const games = await igdb.games();
    // The recorded DOOM answer; the record whose name is a number is skipped.
    expect(games).toHaveLength(1);
    expect(games[0]).toMatchObject({ name: "Doom", igdbId: 7351, releaseDate: "2016-05-12" });
    expect(games[0]!.platforms).toEqual(
      expect.arrayContaining(["PC (Microsoft Windows)", "PlayStation 4", "Xbox One"]),
    );
    expect(games[0]!.genres).toContain("Shooter");
    // Logos recorded as bare ids (unexpanded) are not a reason to drop a platform.
    const platforms = await igdb.platforms();
    expect(platforms.map((p) => p.name)).toContain("Super Nintendo Entertainment System (SNES)");
    expect(platforms).toHaveLength(5);
    expect(platforms.find((p) => p.igdbId === 19)).toMatchObject({ abbreviation: "snes", generation: 4 });
    const companies = await igdb.companies();
    expect(companies.find((c) => c.name === "Big Daddy's Creations")).toMatchObject({
      developedCount: 2,
      publishedCount: 1,
    });
    expect((replay.hits.get("/oauth2/token") ?? 0) - before).toBe(1);
    const call = replay.log.findLast((r) => r.path === "/v4/companies")!;
    expect(call).toMatchObject({ method: "POST", authorization: "Bearer recorded-app-token" });
  });

  test("a token revoked early (401) is replaced once, then the query succeeds", async () => {
    const igdb = client();
    await igdb.platforms();
    let rejected = false;
    replay.override("/v4/platforms", (req) => {
      if (!rejected) {
        rejected = true;
        return new Response("{}", { status: 401 });
      }
      return req.headers.get("authorization") === "Bearer recorded-app-token"
        ? Response.json([{ id: 48, name: "PlayStation 4", abbreviation: "PS4", generation: 8 }])
        : new Response("{}", { status: 401 });
    });
    const before = replay.hits.get("/oauth2/token") ?? 0;
    expect(await igdb.platforms()).toEqual([
      expect.objectContaining({ name: "PlayStation 4", abbreviation: "PS4" }),
    ]);
    expect((replay.hits.get("/oauth2/token") ?? 0) - before).toBe(1);
    replay.override("/v4/platforms", null);
  });

  test("a later client (the next sync run) reuses the token while it is valid", async () => {
    const before = replay.hits.get("/oauth2/token") ?? 0;
    await client().platforms();
    expect((replay.hits.get("/oauth2/token") ?? 0) - before).toBe(0);
  });

  test("a wrong client id or secret is said plainly", async () => {
    replay.override("/oauth2/token", () =>
      Response.json({ status: 403, message: "invalid client secret" }, { status: 403 }),
    );
    const wrong = new IgdbClient({ clientId: "other-id", clientSecret: "wrong", bases: replay.bases });
    await expect(wrong.games()).rejects.toThrow("igdb: Twitch refused the client id and secret");
    replay.override("/oauth2/token", null);
  });
});

describe("GitHub", () => {
  test("repository search (recorded) becomes community datasets with owner, stars, size, language", async () => {
    const gh = new GithubClient({ token: "token", bases: replay.bases });
    const list = await gh.searchRepositories("games");
    expect(list).toHaveLength(30);
    expect(list[0]).toMatchObject({
      fullName: "kennethreitz/legit",
      name: "legit",
      owner: { login: "kennethreitz" },
      htmlUrl: "https://github.com/kennethreitz/legit",
    });
    expect(list[0]!.downloadUrl).toMatch(
      /^https:\/\/github\.com\/kennethreitz\/legit\/archive\/refs\/heads\/.+\.zip$/,
    );
    expect(replay.log.findLast((r) => r.path === "/search/repositories")!.authorization).toBe("Bearer token");
  });

  test("a repository's data file: the CSV in data/, not package.json; total entries and the first 10", async () => {
    const content = await new GithubClient({ bases: replay.bases }).datasetContent(
      "analyst",
      "video-game-sales",
    );
    expect(content.file).toBe("data/vgsales.csv");
    expect(content.metadata).toEqual({
      totalEntries: 25,
      format: "csv",
      lastUpdated: "2024-03-01T09:30:00Z",
    });
    expect(content.dataType).toBe("table of 11 columns");
    expect(content.games).toHaveLength(10);
    expect(content.games[0]).toMatchObject({ Rank: "1", Name: "Wii Sports", Platform: "Wii" });
  });

  test("no such repository, or no data file, is a 404; a used-up rate limit is a 429", async () => {
    const gh = new GithubClient({ bases: replay.bases });
    await expect(gh.datasetContent("nobody", "nothing")).rejects.toMatchObject({ status: 404 });
    replay.override("/repos/analyst/video-game-sales/contents/data", () => Response.json([]));
    await expect(gh.datasetContent("analyst", "video-game-sales")).rejects.toThrow(
      "no CSV or JSON data file",
    );
    replay.override("/repos/analyst/video-game-sales/contents/data", null);
    replay.override(
      "/repos/analyst/video-game-sales",
      () =>
        new Response("{}", {
          status: 403,
          headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000000" },
        }),
    );
    await expect(gh.datasetContent("analyst", "video-game-sales")).rejects.toMatchObject({
      status: 429,
      message: "github: rate limit used up until 2023-11-14T22:13:20.000Z",
    });
    replay.override("/repos/analyst/video-game-sales", null);
  });

  test("data files: quoted commas and line breaks in CSV, JSON lists and objects holding one", () => {
    const csv = [
      "name,notes",
      '"Game, One","two\nlines"',
      ...Array.from({ length: 14 }, (_, i) => `G${i},x`),
    ].join("\n");
    const parsed = parseDatasetFile("games.csv", csv, null);
    expect(parsed.metadata).toMatchObject({ totalEntries: 15, format: "csv" });
    expect(parsed.games).toHaveLength(10);
    expect(parsed.games[0]).toEqual({ name: "Game, One", notes: "two\nlines" });
    const json = parseDatasetFile("g.json", JSON.stringify({ games: [{ a: 1 }, { a: 2 }] }), null);
    expect(json).toMatchObject({
      metadata: { totalEntries: 2, format: "json" },
      games: [{ a: 1 }, { a: 2 }],
    });
    expect(() => parseDatasetFile("broken.json", "{", null)).toThrow("broken.json is not valid JSON");
  });
});

describe("Kaggle", () => {
  test("the datasets list with ref, title, downloads, usability, size and votes; a record without a title is skipped", async () => {
    const kaggle = new KaggleClient({ username: "analyst", key: "kaggle-key", bases: replay.bases });
    const list = await kaggle.datasets("video games", 3);
    expect(list.map((d) => d.ref)).toEqual(["nikdavis/steam-store-games", "gregorut/videogamesales"]);
    expect(list[1]).toEqual({
      ref: "gregorut/videogamesales",
      title: "Video Game Sales",
      downloadCount: 402118,
      usabilityRating: 0.8235294,
      size: 390286,
      voteCount: 5170,
      lastUpdated: "2016-10-26T09:10:49.01Z",
    });
    // Page 2 is empty: the end of the list, so page 3 is never asked for.
    expect(
      replay.log
        .filter((r) => r.path === "/api/v1/datasets/list")
        .map((r) => new URLSearchParams(r.search).get("page")),
    ).toEqual(["1", "2"]);
  });

  test("a wrong key is said plainly", async () => {
    const kaggle = new KaggleClient({ username: "analyst", key: "wrong", bases: replay.bases });
    await expect(kaggle.datasets()).rejects.toThrow("kaggle: Kaggle refused KAGGLE_USERNAME and KAGGLE_KEY");
  });
});

describe("Epic and GOG", () => {
  test("Epic: only a promotion running now that makes the game free", async () => {
    const free = await new EpicClient({ bases: replay.bases }).freeGames(Date.parse("2026-01-01T00:00:00Z"));
    expect(free).toEqual([
      {
        store: "Epic",
        id: "a1",
        title: "Free Now Game",
        price: 0,
        originalPrice: 19.99,
        discountPercent: 100,
        free: true,
        imageUrl: "https://cdn.example/free-now.jpg",
        url: "https://store.epicgames.com/p/free-now-game",
        startsAt: "2020-01-01T16:00:00.000Z",
        endsAt: "2099-01-01T16:00:00.000Z",
      },
    ]);
    // After the promotion ends, nothing is free.
    expect(
      await new EpicClient({ bases: replay.bases }).freeGames(Date.parse("2100-01-01T00:00:00Z")),
    ).toEqual([]);
  });

  test("GOG: prices and discounts; a product without an id is skipped", async () => {
    const gog = await new GogClient({ bases: replay.bases }).catalog();
    expect(gog.map((o) => [o.title, o.price, o.originalPrice, o.discountPercent, o.free])).toEqual([
      ["The Witcher 3: Wild Hunt", 9.99, 39.99, 75, false],
      ["Beneath a Steel Sky", 0, 0, null, true],
    ]);
  });

  test("an answer of the wrong shape is an error, not an empty store", async () => {
    replay.override("/v1/catalog", () => Response.json({ error: "maintenance" }));
    await expect(new GogClient({ bases: replay.bases }).catalog()).rejects.toThrow(
      "gog: the catalog answer was not understood",
    );
    replay.override("/v1/catalog", null);
  });
});
